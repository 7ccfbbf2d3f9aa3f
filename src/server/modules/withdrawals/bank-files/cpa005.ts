import type { BankPayout } from './bank-payout';
import { alpha, localDate, nextWeekday, numeric } from './bank-payout';
import { asciiUpper } from './latin';
import type { Originator } from './originators';

const recordLength = 1464;
/** CPA transaction type 450: miscellaneous payments. */
const transactionType = '450';

/** '0YYDDD': a CPA-005 date (year and day of the year). */
function julian(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const dayOfYear = Math.round((day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  return `0${date.slice(2, 4)}${numeric(dayOfYear, 3)}`;
}

/**
 * The file creation number the bank checks for duplicates: the minutes since 2026 began, modulo
 * 9999, plus 1. Two exports a minute or more apart never share one; it comes round again after
 * about a week, longer than any bank's duplicate window for the same originator.
 */
export function cpaFileCreationNumber(now: Date): string {
  return numeric((Math.floor((now.getTime() - Date.UTC(2026, 0, 1)) / 60_000) % 9999) + 1, 4);
}

/**
 * A CPA Standard 005 credit file: 1464-character logical records, header A, credit records C of up
 * to six 240-character segments (one per payout, transaction type 450, the payout reference as the
 * cross-reference number, returns to the programme's account), trailer Z with the credits' count
 * and value in cents.
 */
export function cpa005Credits(payouts: readonly BankPayout<'ca'>[], originator: Originator<'ca'>, now: Date): string {
  const today = localDate(now, 'America/Toronto');
  const due = julian(nextWeekday(today));
  const creation = cpaFileCreationNumber(now);
  const prefix = (type: string, count: number) => `${type}${numeric(count, 9)}${originator.originator_id}${creation}`;
  const records = [`${prefix('A', 1)}${julian(today)}${originator.data_centre}${alpha('', 20)}CAD${alpha('', 1406)}`];
  const ownInstitution = `0${originator.institution_number}${originator.transit_number}`;
  const segments = payouts.map((payout) =>
    [
      transactionType,
      numeric(payout.amountMinor, 10),
      due,
      `0${payout.account.institution_number}${payout.account.transit_number}`,
      alpha(payout.account.account_number, 12),
      numeric(0, 22),
      numeric(0, 3),
      alpha(originator.short_name, 15),
      alpha(asciiUpper(payout.account.name, 30), 30),
      alpha(originator.long_name, 30),
      originator.originator_id,
      alpha(payout.reference, 19),
      ownInstitution,
      alpha(originator.account_number, 12),
      alpha('', 15),
      alpha('', 22),
      alpha('', 2),
      numeric(0, 11),
    ].join(''),
  );
  for (let start = 0; start < segments.length; start += 6) {
    records.push(alpha(`${prefix('C', records.length + 1)}${segments.slice(start, start + 6).join('')}`, recordLength));
  }
  const total = payouts.reduce((sum, payout) => sum + payout.amountMinor, 0);
  records.push(
    alpha(
      `${prefix('Z', records.length + 1)}${numeric(0, 14)}${numeric(0, 8)}${numeric(total, 14)}${numeric(payouts.length, 8)}${numeric(0, 44)}`,
      recordLength,
    ),
  );
  for (const record of records) if (record.length !== recordLength) throw new Error(`CPA-005 record of ${record.length} characters`);
  return `${records.join('\r\n')}\r\n`;
}
