import { countryCodes } from '../../../domain/markets';
import { findProduct, listProducts, productName } from '../../modules/wallet/catalogue';
import { issueContainers, unscannedContainers } from '../../modules/wallet/operations';
import { labelSheetSvg, printedCode } from '../labels';
import type { OpsArguments } from './args';
import { OpsUsageError, type OpsIo } from './types';

/** `products [--country us]`: product ids and deposits. */
export async function productsCommand({ values }: OpsArguments, io: OpsIo): Promise<number> {
  for (const country of values.country ? [values.country] : countryCodes) {
    for (const product of await listProducts(io.db, country, 'en')) {
      io.out(`${product.id.padEnd(28)} ${product.deposit.value.padStart(6)} ${product.deposit.currency}  ${product.name}\n`);
    }
  }
  return 0;
}

/** `labels --product <id> --count N [--out file.svg] [--columns 4]`: new codes and their QR label sheet. */
export async function labelsCommand({ values }: OpsArguments, io: OpsIo): Promise<number> {
  const count = Number(values.count ?? '');
  if (!values.product || !Number.isInteger(count) || count < 1 || count > 10_000) throw new OpsUsageError('labels needs --product <id> and --count 1…10000');
  const product = await findProduct(io.db, values.product);
  if (!product) throw new OpsUsageError(`no product ${values.product} (see: npm run ops -- products)`);
  const codes = await issueContainers(io.db, product.id, count, io.now);
  const out = io.resolvePath(values.out ?? `labels-${product.id}-${io.now.toISOString().slice(0, 10)}.svg`);
  const columns = values.columns ? Number(values.columns) : 4;
  io.writeFile({ name: out, content: labelSheetSvg({ publicUrl: io.config.publicUrl, codes, title: productName(product, 'en'), columns }), mode: 0o644 });
  io.out(`Issued ${codes.length} codes for ${product.id}; label sheet: ${out}\n`);
  for (const code of codes) io.out(`  ${printedCode(code)}  ${code}\n`);
  return 0;
}

/** `unscanned [--country us] [--limit 10]`: issued codes nobody scanned, to try the scanner. */
export async function unscannedCommand({ values }: OpsArguments, io: OpsIo): Promise<number> {
  const rows = await unscannedContainers(io.db, values.country, Number(values.limit ?? 10));
  for (const row of rows) io.out(`${row.code}  ${row.countryCode}  ${row.productId}\n`);
  if (rows.length === 0) io.out('None: issue some with `npm run ops -- labels --product <id> --count 10`.\n');
  return 0;
}
