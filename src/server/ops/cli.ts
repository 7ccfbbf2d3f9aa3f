import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { ApiError } from '../http/api-error';
import { errorMessages } from '../../domain/errors';
import { listProducts, productName, findProduct, seedCatalogue } from '../modules/wallet/catalogue';
import { adjustBalance, cancelScan, checkIn, issueContainers, reject, unscannedContainers } from '../modules/wallet/operations';
import { countryCodes, isCountryCode } from '../../domain/markets';
import { labelSheetSvg, printedCode } from './labels';
import { ContentInputError, editsFromImport, publishDrafts, readNamespace, seedContent, setContent } from '../modules/content/content';
import { isContentNamespace } from '../../domain/content/namespaces';
import { isSupportedLocale } from '../../domain/markets';
import { closeDataRequest, listDataRequests } from '../modules/privacy/dsar';
import { binsUsage, runBinsCommand } from '../modules/bins/ops';
import { openPaymentCipher } from '../modules/payments/encryption';
import { manualPayoutProvider } from '../modules/withdrawals/manual-provider';
import { exportPendingPayouts, listPendingPayouts, payoutReferencePattern, settleWithdrawal, withdrawalIdOf } from '../modules/withdrawals/withdrawals';

const usage = `Roundtrip operator tools: the same database as the server (DATA_DIR or DATABASE_URL).

  npm run ops -- products [--country us]                 list product ids and deposits
  npm run ops -- labels --product <id> --count N [--out labels.svg] [--columns 4]
                                                         issue N new codes, write a QR label sheet
  npm run ops -- unscanned [--country us] [--limit 10]   issued codes never scanned (to try the scanner)
  npm run ops -- checkin <code> [<code>…] [--note text]  check containers in: credit their deposits
  npm run ops -- reject <code> [<code>…] --reason text   reject containers: no money, the customer sees the reason
  npm run ops -- cancel (--scan <id> | --code <code>) [--reason text]
                                                         cancel a pending scan
  npm run ops -- adjust (--email <e> | --user <id>) --amount <-1.50|2.00> --comment text [--id <uuid>]
                                                         credit or debit a balance
  npm run ops -- content show <locale> <namespace> [--draft]
                                                         the texts a page shows (--draft: with drafts laid over)
  npm run ops -- content set <locale> <namespace> <key> <text…> [--draft]
                                                         change one text (live at once, or as a draft)
  npm run ops -- content import <file.json> [--draft]    change many: { "<locale>": { "<namespace>": { "<key>": "<text>" } } }
  npm run ops -- content publish <locale> [<namespace>]  publish the drafts
  npm run ops -- dsar list [--all]                       open data-subject requests, nearest deadline first
  npm run ops -- dsar close <id>                         mark a data-subject request answered
  npm run ops -- payouts list                            pending withdrawals (oldest first)
  npm run ops -- payouts export [--out dir] [--repeat <batch>]
                                                         write the pending payouts no export listed yet as a bank
                                                         bulk-payment CSV and a PayPal payouts CSV (default dir:
                                                         DATA_DIR/payouts), marked with a new batch; --repeat writes
                                                         an earlier batch again (its payouts still pending)
  npm run ops -- payouts complete <id|RT…> [--reference r]
                                                         the payout was made: the withdrawal is COMPLETED
                                                         (the id, or the payout reference in the files)
  npm run ops -- payouts fail <id|RT…> --reason text [--cancel]
                                                         the payout failed (FAILED) or was stopped (CANCELLED):
                                                         the money goes back to the customer's balance
${binsUsage}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

async function open(): Promise<DatabaseHandle> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  await seedCatalogue(database.db);
  await seedContent(database.db);
  return database;
}

/** `--amount -1.50` is an amount, not an option: rewrite it as `--amount=-1.50`. */
function normalizeAmount(args: string[]): string[] {
  const out: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const next = args[index + 1];
    if (args[index] === '--amount' && next !== undefined && /^-\d/.test(next)) {
      out.push(`--amount=${next}`);
      index += 1;
    } else {
      out.push(args[index]!);
    }
  }
  return out;
}

function print(value: unknown) {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    process.stdout.write(usage);
    return;
  }
  let parsed;
  try {
    parsed = parseArgs({
    args: normalizeAmount(rest),
    allowPositionals: true,
    options: {
      product: { type: 'string' },
      count: { type: 'string' },
      out: { type: 'string' },
      columns: { type: 'string' },
      country: { type: 'string' },
      limit: { type: 'string' },
      note: { type: 'string' },
      reason: { type: 'string' },
      scan: { type: 'string' },
      code: { type: 'string' },
      email: { type: 'string' },
      user: { type: 'string' },
      amount: { type: 'string' },
      comment: { type: 'string' },
      id: { type: 'string' },
      draft: { type: 'boolean' },
      all: { type: 'boolean' },
      name: { type: 'string' },
      'dry-run': { type: 'boolean' },
      reference: { type: 'string' },
      cancel: { type: 'boolean' },
      repeat: { type: 'string' },
    },
    });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
  }
  const { values, positionals } = parsed;
  if (values.country !== undefined && !isCountryCode(values.country)) fail(`--country is one of ${countryCodes.join(', ')}`);
  const config = loadConfig();
  const database = await open();
  const db = database.db;
  const now = new Date();
  try {
    switch (command) {
      case 'products': {
        for (const country of values.country ? [values.country as (typeof countryCodes)[number]] : countryCodes) {
          for (const product of await listProducts(db, country, 'en')) {
            process.stdout.write(`${product.id.padEnd(28)} ${product.deposit.value.padStart(6)} ${product.deposit.currency}  ${product.name}\n`);
          }
        }
        break;
      }
      case 'labels': {
        const count = Number(values.count ?? '');
        if (!values.product || !Number.isInteger(count) || count < 1 || count > 10_000) fail('labels needs --product <id> and --count 1…10000');
        const product = await findProduct(db, values.product);
        if (!product) fail(`no product ${values.product} (see: npm run ops -- products)`);
        const codes = await issueContainers(db, product.id, count, now);
        const out = path.resolve(values.out ?? `labels-${product.id}-${now.toISOString().slice(0, 10)}.svg`);
        const columns = values.columns ? Number(values.columns) : 4;
        writeFileSync(out, labelSheetSvg({ publicUrl: config.publicUrl, codes, title: productName(product, 'en'), columns }));
        process.stdout.write(`Issued ${codes.length} codes for ${product.id}; label sheet: ${out}\n`);
        for (const code of codes) process.stdout.write(`  ${printedCode(code)}  ${code}\n`);
        break;
      }
      case 'unscanned': {
        const rows = await unscannedContainers(db, values.country, Number(values.limit ?? 10));
        for (const row of rows) process.stdout.write(`${row.code}  ${row.countryCode}  ${row.productId}\n`);
        if (rows.length === 0) process.stdout.write('None: issue some with `npm run ops -- labels --product <id> --count 10`.\n');
        break;
      }
      case 'checkin':
        if (positionals.length === 0) fail('checkin needs at least one code');
        print(await checkIn(db, positionals, now, values.note));
        break;
      case 'reject':
        if (positionals.length === 0 || !values.reason) fail('reject needs codes and --reason');
        print(await reject(db, positionals, values.reason, now));
        break;
      case 'cancel':
        if (!values.scan === !values.code) fail('cancel needs --scan <id> or --code <code>');
        print(await cancelScan(db, values.scan ? { scanId: values.scan } : { code: values.code! }, values.reason, now));
        break;
      case 'adjust':
        if ((!values.email && !values.user) || !values.amount || !values.comment) fail('adjust needs --email or --user, --amount and --comment');
        print(
          await adjustBalance(
            db,
            { id: values.id ?? randomUUID(), userId: values.user, email: values.email, amount: values.amount, comment: values.comment },
            now,
          ),
        );
        break;
      case 'content': {
        const [action, ...args] = positionals;
        const status = values.draft ? 'draft' : 'published';
        if (action === 'show') {
          const [locale, namespace] = args;
          if (!isSupportedLocale(locale) || !isContentNamespace(namespace)) fail('content show needs a locale and a namespace');
          print(await readNamespace(db, locale, namespace, status));
        } else if (action === 'set') {
          const [locale, namespace, key, ...words] = args;
          if (!locale || !namespace || !key || words.length === 0) fail('content set needs <locale> <namespace> <key> <text>');
          await setContent(db, [{ locale, namespace, key, text: words.join(' ') }], status);
          process.stdout.write(`${status === 'draft' ? 'Draft saved' : 'Published'}: ${locale} ${namespace} ${key}\n`);
        } else if (action === 'import') {
          const [file] = args;
          if (!file) fail('content import needs a JSON file');
          let parsedFile: unknown;
          try {
            parsedFile = JSON.parse(readFileSync(file, 'utf8'));
          } catch (error) {
            fail(`${file} is not readable JSON: ${error instanceof Error ? error.message : String(error)}`);
          }
          const count = await setContent(db, editsFromImport(parsedFile), status);
          process.stdout.write(`${count} text(s) ${status === 'draft' ? 'saved as drafts' : 'published'}\n`);
        } else if (action === 'publish') {
          const [locale, namespace] = args;
          if (!locale) fail('content publish needs a locale');
          process.stdout.write(`${await publishDrafts(db, locale, namespace)} draft(s) published\n`);
        } else {
          fail(`content needs show, set, import or publish\n\n${usage}`);
        }
        break;
      }
      case 'dsar': {
        const [action, id] = positionals;
        if (action === 'list') {
          const requests = await listDataRequests(db, { includeClosed: values.all === true, now });
          for (const request of requests) {
            const state = request.closed_at ? `closed ${request.closed_at.slice(0, 10)}` : request.overdue ? 'OVERDUE' : 'open';
            const who = request.email ? `${request.name ?? ''} <${request.email}>` : '(erased with the account)';
            process.stdout.write(
              `${request.id}  due ${request.due_at.slice(0, 10)}  ${state.padEnd(16)} ${request.kind.padEnd(13)} ${request.country_code}  ${who}\n`,
            );
          }
          if (requests.length === 0) process.stdout.write(values.all ? 'No data-subject request.\n' : 'No open data-subject request.\n');
        } else if (action === 'close' && id) {
          if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) fail('dsar close needs the id shown by dsar list');
          print(await closeDataRequest(db, id, now));
        } else {
          fail('dsar needs list [--all] or close <id>');
        }
        break;
      }
      case 'bins': {
        const result = await runBinsCommand(db, positionals, { country: values.country, name: values.name, dryRun: values['dry-run'] });
        (result.exitCode === 2 ? process.stderr : process.stdout).write(result.output);
        process.exitCode = result.exitCode;
        break;
      }
      case 'payouts': {
        const [action, id] = positionals;
        if (id !== undefined && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) && !payoutReferencePattern.test(id.toUpperCase())) {
          fail(`${id} is neither a withdrawal id nor a payout reference (see: npm run ops -- payouts list)`);
        }
        if (action === 'list') {
          const rows = await listPendingPayouts(db);
          for (const row of rows) {
            process.stdout.write(
              `${row.id}  ${row.payout_reference}  ${row.created_at}  ${row.payout_amount.value.padStart(9)} ${row.payout_amount.currency}  ${row.withdraw_type.padEnd(12)} ${row.account_number ?? ''}${row.export_batch ? `  exported in batch ${row.export_batch}` : ''}\n`,
            );
          }
          if (rows.length === 0) process.stdout.write('No pending payout.\n');
        } else if (action === 'export') {
          const directory = path.resolve(values.out ?? path.join(config.dataDir, 'payouts'));
          const submission = await exportPendingPayouts(db, openPaymentCipher(config), manualPayoutProvider(directory), now, { repeatBatch: values.repeat });
          const what = submission.repeated ? `batch ${submission.batch} written again` : `batch ${submission.batch}`;
          process.stdout.write(`${submission.withdrawalIds.length} pending payout(s), ${what} (bank details in clear: keep these files safe):\n`);
          if (!submission.repeated && submission.withdrawalIds.length === 0) process.stdout.write('  Payouts listed by an earlier export are left out; write one again with --repeat <batch>.\n');
          for (const file of submission.files) process.stdout.write(`  ${file}\n`);
        } else if (action === 'complete' && id) {
          print(await settleWithdrawal(db, await withdrawalIdOf(db, id), { status: 'COMPLETED', reference: values.reference }, now));
        } else if (action === 'fail' && id && values.reason) {
          print(await settleWithdrawal(db, await withdrawalIdOf(db, id), { status: values.cancel ? 'CANCELLED' : 'FAILED', reason: values.reason }, now));
        } else {
          fail(`payouts needs list, export, complete <id> or fail <id> --reason text\n\n${usage}`);
        }
        break;
      }
      default:
        fail(`unknown command ${command}\n\n${usage}`);
    }
  } catch (error) {
    if (error instanceof ContentInputError) fail(error.message);
    if (error instanceof ApiError) fail(`${error.code}: ${errorMessages[error.code].en}${error.fields ? ` ${JSON.stringify(error.fields)}` : ''}`);
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
