import { countryCodes } from '#domain/markets';
import { impactFactorBody } from '#domain/schemas/impact';
import { clearImpactFactor, listImpactFactors, setImpactFactor } from '../../modules/impact/factors';
import { findProduct, listProducts, productName } from '../../modules/wallet/catalogue';
import { issueContainers, unscannedContainers } from '../../modules/wallet/operator-actions';
import { labelSheetSvg, printedCode } from '../labels';
import { limitOption, type CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

/** `products [--country us]`: product ids and deposits. */
export async function productsCommand({ values }: CliArguments, io: CliIo): Promise<number> {
  for (const country of values.country ? [values.country] : countryCodes) {
    for (const product of await listProducts(io.db, country, 'en')) {
      io.out(`${product.id.padEnd(28)} ${product.deposit.value.padStart(6)} ${product.deposit.currency}  ${product.name}\n`);
    }
  }
  return 0;
}

/** `labels --product <id> --count N [--out file.svg] [--columns 4]`: new codes and their QR label sheet. */
export async function labelsCommand({ values }: CliArguments, io: CliIo): Promise<number> {
  const count = Number(values.count ?? '');
  if (!values.product || !Number.isInteger(count) || count < 1 || count > 10_000)
    throw new CliUsageError('labels needs --product <id> and --count 1…10000');
  const product = await findProduct(io.db, values.product);
  if (!product) throw new CliUsageError(`no product ${values.product} (see: npm run ops -- products)`);
  const codes = await issueContainers(io.db, io.actor, product.id, count, io.now);
  const out = io.resolvePath(values.out ?? `labels-${product.id}-${io.now.toISOString().slice(0, 10)}.svg`);
  const columns = values.columns ? Number(values.columns) : 4;
  io.writeFile({
    name: out,
    content: labelSheetSvg({ publicUrl: io.config.publicUrl, codes, title: productName(product, 'en'), columns }),
    mode: 0o644,
  });
  io.out(`Issued ${codes.length} codes for ${product.id}; label sheet: ${out}\n`);
  for (const code of codes) io.out(`  ${printedCode(code)}  ${code}\n`);
  return 0;
}

/** `unscanned [--country us] [--limit 10]`: issued codes nobody scanned, to try the scanner. */
export async function unscannedCommand({ values }: CliArguments, io: CliIo): Promise<number> {
  const limit = limitOption(values.limit, 10, 1000, 'unscanned takes --limit 1…1000');
  const rows = await unscannedContainers(io.db, { countryCode: values.country, limit });
  for (const row of rows) io.out(`${row.code}  ${row.countryCode}  ${row.productId}\n`);
  if (rows.length === 0) io.out('None: issue some with `npm run ops -- labels --product <id> --count 10`.\n');
  return 0;
}

/**
 * `impact-factor <product> --grams N --source text` sets what one return of the product avoids in
 * single-use packaging, with where the figure comes from (customers see the source beside it);
 * `impact-factor <product> --clear` removes it; `impact-factors [--country us]` lists them.
 */
export async function impactFactorCommand({ values, positionals }: CliArguments, io: CliIo): Promise<number> {
  const [productId, ...extra] = positionals;
  if (!productId || extra.length > 0)
    throw new CliUsageError('impact-factor needs one product id: impact-factor <product> --grams N --source "…" | --clear');
  const product = await findProduct(io.db, productId);
  if (!product) throw new CliUsageError(`no product ${productId} (see: npm run ops -- products)`);
  if (values.clear) {
    if (values.grams !== undefined || values.source !== undefined)
      throw new CliUsageError('impact-factor --clear takes no --grams or --source');
    io.out(
      (await clearImpactFactor(io.db, io.actor, product.id))
        ? `Removed the impact factor of ${product.id}\n`
        : `${product.id} had no impact factor\n`,
    );
    return 0;
  }
  const parsed = impactFactorBody.safeParse({
    packaging_grams: values.grams === undefined ? undefined : Number(values.grams),
    source: values.source,
  });
  if (!parsed.success)
    throw new CliUsageError(
      'impact-factor needs --grams (more than 0, at most 100000: grams of single-use packaging one return avoids) and --source (1 to 300 characters, e.g. "Supplier LCA 2025")',
    );
  const factor = await setImpactFactor(io.db, io.actor, product.id, parsed.data, io.now);
  io.out(`${factor.product_id}: ${factor.packaging_grams} g of single-use packaging avoided per return. Source: ${factor.source}\n`);
  return 0;
}

export async function impactFactorsCommand({ values }: CliArguments, io: CliIo): Promise<number> {
  const factors = await listImpactFactors(io.db, values.country);
  for (const factor of factors)
    io.out(`${factor.product_id.padEnd(28)} ${String(factor.packaging_grams).padStart(8)} g  ${factor.source}\n`);
  if (factors.length === 0)
    io.out(
      'No impact factors: customers see no environmental figure. Set one with `npm run ops -- impact-factor <product> --grams N --source "…"`.\n',
    );
  return 0;
}
