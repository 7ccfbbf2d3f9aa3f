import { errorMessages } from '#domain/errors';
import { ApiError } from '../../http/api-error';
import { ContentInputError } from '../../modules/content/content';
import { PaymentKeyError } from '../../modules/payments/encryption';
import { isHelpRequest, parseCliArguments, type CliArguments } from './args';
import { binsCommand, binsInputFiles, binsUsage } from './bins';
import { impactFactorCommand, impactFactorsCommand, labelsCommand, productsCommand, unscannedCommand } from './catalogue';
import { claimsCommand } from './claims';
import { contentCommand, contentInputFiles } from './content';
import { disputesCommand } from './disputes';
import { dsarCommand } from './dsar';
import { paymentKeyCommand } from './payment-key';
import { auditCommand, operatorsCommand, tokensCommand } from './operators';
import { payoutsCommand, payoutsInputFiles } from './payouts';
import { CliUsageError, type CliIo } from './types';
import { adjustCommand, cancelCommand, checkinCommand, rejectCommand } from './wallet';
import { terminalOutput } from '../terminal-text';

export const cliUsage = `Roundtrip operator tools: the same database as the server (DATA_DIR or DATABASE_URL).

  npm run ops -- products [--country us]                 list product ids and deposits
  npm run ops -- labels --product <id> --count N [--out labels.svg] [--columns 4]
                                                         issue N new codes, write a QR label sheet
  npm run ops -- unscanned [--country us] [--limit 10]   issued codes never scanned (to try the scanner)
  npm run ops -- impact-factor <product> --grams N --source text
                                                         single-use packaging one return of the product avoids
                                                         (grams), and where the figure comes from (shown to customers)
  npm run ops -- impact-factor <product> --clear         remove it (no environmental figure for that product)
  npm run ops -- impact-factors [--country us]           the factors set
  npm run ops -- checkin <code> [<code>…] [--note text]  check containers in: credit their deposits
  npm run ops -- checkin --undo <batch_id>               undo a check-in of the last 15 minutes
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
  npm run ops -- content missing [<locale>] [--limit 200]
                                                         texts the app reported missing: count, first and last seen
  npm run ops -- dsar list [--all]                       open data-subject requests, nearest deadline first
  npm run ops -- dsar close <id>                         mark a data-subject request answered
  npm run ops -- payouts list                            pending withdrawals (oldest first)
  npm run ops -- payouts export [--out dir] [--repeat <batch>]
                                                         write the pending payouts no export listed yet as a bank
                                                         bulk-payment CSV and a PayPal payouts CSV (default dir:
                                                         DATA_DIR/payouts), marked with a new batch; --repeat writes
                                                         an earlier batch again (its payouts still pending); methods
                                                         paid through an API (PAYOUT_PROVIDER_*) are left out
  npm run ops -- payouts submit [transferwise|paypal]    send the pending payouts of a method paid through Wise's or
                                                         PayPal's API; a run that stopped is finished by the next one,
                                                         never paying twice; their webhooks settle each payout
  npm run ops -- payouts reconcile <file>                settle the payouts a bank's answer refuses (a SEPA pain.002
                                                         status report or NACHA returns): FAILED with the bank's reason,
                                                         the money back; already settled ones are left, run it freely
  npm run ops -- payouts complete <id|RT…> [--reference r]
                                                         the payout was made: the withdrawal is COMPLETED
                                                         (the id, or the payout reference in the files)
  npm run ops -- payouts fail <id|RT…> --reason text [--cancel]
                                                         the payout failed (FAILED) or was stopped (CANCELLED):
                                                         the money goes back to the customer's balance
  npm run ops -- disputes list [--all]                   open disputes of customers (oldest first), with their scans
  npm run ops -- disputes credit <id> [--answer text]    credit the deposits at stake (once, however often it is run)
  npm run ops -- disputes uphold <id> --answer text      keep the refusal; the customer sees the answer
  npm run ops -- claims list [--all]                     open competing claims on containers (oldest first), with
                                                         the first scan each competes with; while one is open,
                                                         nobody is credited for its container
  npm run ops -- claims award <id> [--note text]         the claimant returned it: the other pending scans of the
                                                         container are cancelled, the claimant's scan holds it
                                                         (check the container in again to credit them)
  npm run ops -- claims dismiss <id> [--note text]       the first scan stands (check in or credit its dispute)
  npm run ops -- payment-key generate                    print a new payment-data key (for PAYMENT_DATA_KEY)
  npm run ops -- payment-key rotate [--new-key <base64>] re-seal every stored bank detail with a new key
                                                         (made and printed once when not given); see the
                                                         README (Payment-data key) before running it; with
                                                         PGlite, stop the server first
  npm run ops -- operators list                          the people who run the programme, their roles and status
  npm run ops -- operators invite --email e --name n --roles admin[,care,finance,content,check-in] [--language en|fr|ja]
                                                         invite an operator; prints their link (48 hours, once):
                                                         how the first administrator is made, on this machine
  npm run ops -- operators disable <id>                  disable an operator: their sessions end at once
  npm run ops -- operators enable <id>                   enable a disabled operator again
  npm run ops -- operators resend <id>                   a new invitation link (the old one stops working)
  npm run ops -- operators roles <id> --roles r[,r]      set an operator's roles
  npm run ops -- operators reset-authenticator <id>      a new secret, no password, passkey or session; prints
                                                         their new link (48 hours, once)
  npm run ops -- operators sessions|end-sessions <id>    an operator's open sessions; end them all at once
  npm run ops -- tokens list|create --name n --roles r[,r] [--may-approve]|revoke <id>
                                                         automation tokens for scripts (X-Ops-Key); the secret is
                                                         printed once, at create
  npm run ops -- audit verify [--full]                   recompute the audit trail's chain after its last agreeing
                                                         checkpoint (--full: from the first entry), hold it against
                                                         its signed checkpoints, write a new one; exit 1 if
                                                         anything is missing or changed
  npm run ops -- audit public-key                        the public key the checkpoints are checked with (publish it)
  npm run ops -- audit list [--subject email|id] [--actor part] [--action a] [--record id|reference]
                   [--from day] [--to day] [--limit 50] [--csv [--out file]]
                                                         who did what, newest first; --csv writes every match
                                                         to a CSV file (default audit-<day>.csv)
${binsUsage}
With PGlite and a server running on the same DATA_DIR, each command is sent to that server
(POST /api/v2/ops/commands, with the server's DATA_DIR/ops-local.key). Every change a command
makes is in the audit trail as cli@<host>.
`;

interface CliCommand {
  run(args: CliArguments, io: CliIo, usage: string): Promise<number>;
  /** The input files named on the command line, which a server running the command cannot read itself. */
  inputFiles?(args: CliArguments): string[];
  /** Never run by a server for the CLI (payment-key: a server keeps the key it started with). */
  localOnly?: boolean;
}

const commands: Record<string, CliCommand> = {
  products: { run: productsCommand },
  labels: { run: labelsCommand },
  unscanned: { run: unscannedCommand },
  'impact-factor': { run: impactFactorCommand },
  'impact-factors': { run: impactFactorsCommand },
  checkin: { run: checkinCommand },
  reject: { run: rejectCommand },
  cancel: { run: cancelCommand },
  adjust: { run: adjustCommand },
  content: { run: contentCommand, inputFiles: contentInputFiles },
  dsar: { run: dsarCommand },
  bins: { run: binsCommand, inputFiles: binsInputFiles },
  payouts: { run: payoutsCommand, inputFiles: payoutsInputFiles },
  disputes: { run: disputesCommand },
  claims: { run: claimsCommand },
  'payment-key': { run: paymentKeyCommand, localOnly: true },
  operators: { run: operatorsCommand },
  tokens: { run: tokensCommand },
  audit: { run: auditCommand },
};

export type CheckedCommand = { ok: true; args: CliArguments; command: CliCommand } | { ok: false; message: string };

/** The command line checked without a database: a usage mistake is reported before anything is opened. */
export function checkCliCommand(argv: readonly string[]): CheckedCommand {
  try {
    const args = parseCliArguments(argv, cliUsage);
    const command = commands[args.command];
    if (!command) return { ok: false, message: `unknown command ${args.command}\n\n${cliUsage}` };
    return { ok: true, args, command };
  } catch (error) {
    if (error instanceof CliUsageError) return { ok: false, message: error.message };
    throw error;
  }
}

/** The files a command line reads (the CLI sends them with the command to a running server). */
export function cliInputFiles(argv: readonly string[]): string[] {
  const checked = checkCliCommand(argv);
  return checked.ok ? (checked.command.inputFiles?.(checked.args) ?? []) : [];
}

/**
 * Run one operator command line; answers its exit code: 0 done, 1 done but not cleanly (some
 * rows rejected), 2 a usage mistake or a refusal of the domain (unknown customer, not pending…).
 * Anything else is thrown: a bug or a database failure, which the caller reports as such.
 */
export async function runCliCommand(argv: readonly string[], outsideIo: CliIo): Promise<number> {
  // Every line a command prints may hold outside text: it reaches the terminal escaped (terminal-text.ts).
  const io: CliIo = {
    ...outsideIo,
    out: (text) => outsideIo.out(terminalOutput(text)),
    err: (text) => outsideIo.err(terminalOutput(text)),
  };
  if (isHelpRequest(argv)) {
    io.out(cliUsage);
    return 0;
  }
  const checked = checkCliCommand(argv);
  if (!checked.ok) {
    io.err(`${checked.message}\n`);
    return 2;
  }
  try {
    return await checked.command.run(checked.args, io, cliUsage);
  } catch (error) {
    const message =
      error instanceof CliUsageError || error instanceof ContentInputError || error instanceof PaymentKeyError
        ? error.message
        : error instanceof ApiError
          ? `${error.code}: ${error.messages?.en ?? errorMessages[error.code].en}${error.fields ? ` ${JSON.stringify(error.fields)}` : ''}`
          : undefined;
    if (message === undefined) throw error;
    io.err(`${message}\n`);
    return 2;
  }
}
