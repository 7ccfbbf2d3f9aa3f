import type { BankPayout } from './bank-payout';
import { alpha, localDate, nextWeekday, numeric } from './bank-payout';
import { asciiUpper } from './latin';
import type { Originator } from './originators';

/** ' YYDDD': the Bacs processing day (year and day of the year). */
function bacsDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const dayOfYear = Math.round((day.getTime() - Date.UTC(day.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
  return ` ${date.slice(2, 4)}${numeric(dayOfYear, 3)}`;
}

/**
 * The records of a Bacs Standard 18 credit file, 106 characters each: one credit (transaction code
 * 99) per payout, with the payout reference as the 18-character service user's reference the
 * customer's statement shows, and a contra (17) debiting the programme's account for the total. The
 * volume and header labels (VOL1, HDR1, UHL1…) are added by the bank's upload service or the Bacs
 * submission software that sends the file (docs/operators.md, Finance's files).
 */
export function bacsStandard18(payouts: readonly BankPayout<'uk'>[], originator: Originator<'uk'>, now: Date): string {
  const processing = bacsDay(nextWeekday(localDate(now, 'Europe/London')));
  const own = [originator.sort_code, originator.account_number].join('');
  const records = payouts.map((payout) =>
    [
      payout.account.sort_code,
      payout.account.account_number,
      '0',
      '99',
      own,
      alpha('', 4),
      numeric(payout.amountMinor, 11),
      alpha(originator.name, 18),
      alpha(payout.reference, 18),
      alpha(asciiUpper(payout.account.name, 18), 18),
      processing,
    ].join(''),
  );
  const total = payouts.reduce((sum, payout) => sum + payout.amountMinor, 0);
  records.push(
    [
      own,
      '0',
      '17',
      own,
      alpha('', 4),
      numeric(total, 11),
      alpha('CONTRA', 18),
      alpha('ROUNDTRIP REFUNDS', 18),
      alpha(originator.name, 18),
      processing,
    ].join(''),
  );
  for (const record of records) if (record.length !== 106) throw new Error(`Bacs record of ${record.length} characters: ${record}`);
  return `${records.join('\r\n')}\r\n`;
}
