import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zenginName } from '#domain/bank-accounts';
import { moneyFromMinor } from '#domain/money';
import { ApiError } from '../../http/api-error';
import { bacsStandard18 } from './bank-files/bacs';
import { bankPayoutsOf } from './bank-files/bank-payout';
import { cpa005Credits } from './bank-files/cpa005';
import { nachaPpdCredits } from './bank-files/nacha';
import type { Originators } from './bank-files/originators';
import { sepaCreditTransfer } from './bank-files/sepa';
import { zenginTransfers } from './bank-files/zengin';
import type { PayoutInstruction, PayoutProvider, PayoutSubmission } from './payout-provider';

/** A CSV cell: quoted when needed, and a leading = + - @ defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const bankCsvHeader = [
  'reference',
  'requested_at',
  'country',
  'currency',
  'amount',
  'account_holder',
  'account_type',
  'routing_number',
  'transit_number',
  'institution_number',
  'sort_code',
  'bank_code',
  'branch_code',
  'account_number',
  'iban',
  'address',
  'city',
  'state',
  'post_code',
  'withdrawal_id',
] as const;

/** One row per bank payout, every market in one file with the columns each one needs. */
export function bankPaymentsCsv(instructions: readonly PayoutInstruction[]): string {
  const rows = instructions.flatMap((instruction) => {
    if (instruction.destination.method !== 'TRANSFERWISE') return [];
    const account = instruction.destination.account;
    const base = {
      reference: instruction.payoutReference,
      withdrawal_id: instruction.withdrawalId,
      requested_at: instruction.requestedAt.toISOString(),
      country: account.country.toUpperCase(),
      currency: instruction.currency,
      amount: moneyFromMinor(instruction.payoutMinor, instruction.currency).value,
    };
    const cells: Partial<Record<(typeof bankCsvHeader)[number], string>> = { ...base };
    switch (account.country) {
      case 'us':
        Object.assign(cells, {
          account_holder: account.name,
          account_type: account.account_type,
          routing_number: account.routing_number,
          account_number: account.account_number,
          address: account.address,
          city: account.city,
          state: account.state,
          post_code: account.zip_code,
        });
        break;
      case 'ca':
        Object.assign(cells, {
          account_holder: account.name,
          transit_number: account.transit_number,
          institution_number: account.institution_number,
          account_number: account.account_number,
          address: account.address,
        });
        break;
      case 'uk':
        Object.assign(cells, {
          account_holder: account.name,
          sort_code: account.sort_code,
          account_number: account.account_number,
          address: account.address,
          post_code: account.post_code,
        });
        break;
      case 'fr':
        Object.assign(cells, { account_holder: account.name, iban: account.iban, address: account.address });
        break;
      case 'jp':
        Object.assign(cells, {
          account_holder: account.account_name,
          account_type: account.account_type,
          bank_code: account.bank_code,
          branch_code: account.branch_code,
          account_number: account.account_number,
        });
        break;
    }
    return [bankCsvHeader.map((column) => cells[column] ?? '')];
  });
  return csv([bankCsvHeader, ...rows]);
}

/** PayPal Payouts' upload columns: recipient, amount, currency, reference id, note to recipient, recipient wallet. */
export function paypalPayoutsCsv(instructions: readonly PayoutInstruction[], note = 'Roundtrip deposit refund'): string {
  const rows = instructions.flatMap((instruction) =>
    instruction.destination.method === 'PAYPAL'
      ? [
          [
            instruction.destination.account.email,
            moneyFromMinor(instruction.payoutMinor, instruction.currency).value,
            instruction.currency,
            instruction.payoutReference,
            note,
            'PayPal',
          ],
        ]
      : [],
  );
  return csv(rows);
}

/**
 * LINE Pay payouts, where a deployment offers it (LINE_PAY_MARKETS): their own list, with the last
 * 4 phone digits the customer gave to confirm the account (empty for destinations saved before).
 */
export function linePayCsv(instructions: readonly PayoutInstruction[]): string {
  const rows = instructions.flatMap((instruction) =>
    instruction.destination.method === 'LINE'
      ? [
          [
            instruction.payoutReference,
            instruction.destination.account.referenceNo,
            instruction.destination.account.phoneLast4 ?? '',
            moneyFromMinor(instruction.payoutMinor, instruction.currency).value,
            instruction.currency,
          ],
        ]
      : [],
  );
  return csv([['reference', 'line_pay_number', 'phone_last_4', 'amount', 'currency'], ...rows]);
}

/** The markets whose banks get a file in their own format. */
const bankFileMarkets = ['fr', 'us', 'jp', 'uk', 'ca'] as const;
type BankFileMarket = (typeof bankFileMarkets)[number];

/** A market's bank file, named by stem and extension, or undefined when its own account is not set. */
function bankFileOf(
  market: BankFileMarket,
  instructions: readonly PayoutInstruction[],
  originators: Originators,
  batch: string,
  now: Date,
): { stem: string; extension: string; content: string | Buffer } | undefined {
  switch (market) {
    case 'fr': {
      const originator = originators.fr;
      return (
        originator && {
          stem: 'sepa-credit-transfers',
          extension: 'xml',
          content: sepaCreditTransfer(bankPayoutsOf(instructions, 'fr'), originator, batch, now),
        }
      );
    }
    case 'uk': {
      const originator = originators.uk;
      return (
        originator && {
          stem: 'bacs-standard18',
          extension: 'txt',
          content: bacsStandard18(bankPayoutsOf(instructions, 'uk'), originator, now),
        }
      );
    }
    case 'ca': {
      const originator = originators.ca;
      return (
        originator && {
          stem: 'cpa005-credits',
          extension: 'txt',
          content: cpa005Credits(bankPayoutsOf(instructions, 'ca'), originator, now),
        }
      );
    }
    case 'jp': {
      const originator = originators.jp;
      return (
        originator && {
          stem: 'zengin-sogo-furikomi',
          extension: 'txt',
          content: zenginTransfers(bankPayoutsOf(instructions, 'jp'), originator, now),
        }
      );
    }
    case 'us': {
      const originator = originators.us;
      return (
        originator && {
          stem: 'nacha-ppd-credits',
          extension: 'ach',
          content: nachaPpdCredits(bankPayoutsOf(instructions, 'us'), originator, batch, now),
        }
      );
    }
  }
}

/** The markets of these payouts whose bank file needs the programme's own account there. */
function bankMarketsOf(instructions: readonly PayoutInstruction[]): BankFileMarket[] {
  const markets = new Set(instructions.map(bankFileMarketOf));
  return bankFileMarkets.filter((market) => markets.has(market));
}

/**
 * The market whose bank file carries this payout, if one does. A Japanese account whose holder's
 * name was saved in kanji (before katakana was required) fits no Zengin record: it goes to the
 * list of payouts made by hand, with the others no market file carries.
 */
function bankFileMarketOf(instruction: PayoutInstruction): BankFileMarket | undefined {
  const destination = instruction.destination;
  if (destination.method !== 'TRANSFERWISE') return undefined;
  const account = destination.account;
  switch (account.country) {
    case 'fr':
    case 'us':
    case 'uk':
    case 'ca':
      return account.country;
    case 'jp':
      return zenginName(account.account_name) === undefined ? undefined : 'jp';
  }
}

/**
 * Writes the files into `directory` (created, files 0600: they hold bank details in clear), named
 * after the batch; a repeated batch gets a `-repeat-<time>` suffix so the first files stay as they were.
 * One file per market in the format its banks take, listing that market's payouts only, with the
 * programme's account there (`originators`) as the payer; PayPal and LINE Pay their own lists.
 */
export function manualPayoutProvider(directory: string, originators: Originators, now: () => Date = () => new Date()): PayoutProvider {
  return {
    name: 'manual',
    check(instructions) {
      const missing = bankMarketsOf(instructions).filter((market) => originators[market] === undefined);
      if (missing.length === 0) return;
      const settings = missing.map((market) => `PAYOUT_ORIGINATOR_${market.toUpperCase()}`).join(', ');
      throw new ApiError(409, 'PAYOUT_ORIGINATOR_MISSING', undefined, undefined, {
        en: `No bank file was written: ${settings} is not set on the server (the programme's own account that pays these payouts). Nothing was marked as exported.`,
        fr: `Aucun fichier bancaire n’a été écrit\u202f: ${settings} n’est pas configuré sur le serveur (le compte du programme qui verse ces paiements). Aucun paiement n’a été marqué comme exporté.`,
        ja: `銀行ファイルを作成できませんでした。サーバーに ${settings}（これらの支払いを行うプログラム自身の口座）が設定されていません。エクスポート済みになった支払いはありません。`,
      });
    },
    async submit(instructions, batch): Promise<PayoutSubmission> {
      mkdirSync(directory, { recursive: true });
      const files: string[] = [];
      const stamp = now();
      const write = (name: string, extension: string, content: string | Buffer) => {
        const first = path.join(directory, `${name}-${batch}.${extension}`);
        const file = existsSync(first)
          ? path.join(directory, `${name}-${batch}-repeat-${stamp.toISOString().replace(/[-:.]/g, '')}.${extension}`)
          : first;
        writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
        files.push(file);
      };
      const carried = instructions.filter((instruction) => bankFileMarketOf(instruction) !== undefined);
      for (const market of bankMarketsOf(carried)) {
        const file = bankFileOf(market, carried, originators, batch, stamp);
        if (!file) throw new Error(`PAYOUT_ORIGINATOR_${market.toUpperCase()} is not set`);
        write(file.stem, file.extension, file.content);
      }
      const others = instructions.filter(
        (instruction) => instruction.destination.method === 'TRANSFERWISE' && bankFileMarketOf(instruction) === undefined,
      );
      if (others.length > 0) write('bank-payments', 'csv', bankPaymentsCsv(others));
      if (instructions.some((instruction) => instruction.destination.method === 'PAYPAL'))
        write('paypal-payouts', 'csv', paypalPayoutsCsv(instructions));
      if (instructions.some((instruction) => instruction.destination.method === 'LINE'))
        write('line-pay-payouts', 'csv', linePayCsv(instructions));
      return { provider: 'manual', withdrawalIds: instructions.map((instruction) => instruction.withdrawalId), files };
    },
  };
}
