import type { BankPayout } from './bank-payout';
import { alpha, localDate, nextWeekday, numeric } from './bank-payout';
import { asciiUpper } from './latin';
import type { Originator } from './originators';

/** Checking or savings credit: the entry's transaction code. */
const creditCode = { checking: '22', savings: '32' } as const;

/**
 * The 15 characters of a NACHA individual identification number: the payout reference without
 * its last 3 hex digits (RT and 13 of the 16). A return entry carries this field back, and 52 bits
 * still name one payout among millions; reconciling matches it as the start of a reference.
 */
export function nachaIndividualId(reference: string): string {
  return reference.slice(0, 15);
}

/** YYMMDD of a YYYY-MM-DD date. */
const yymmdd = (date: string) => date.slice(2).replace(/-/g, '');

/**
 * A NACHA file of one PPD batch of credits (service class 220): 94-character records, blocked by
 * 10 with lines of 9s, each entry crediting the customer's checking (22) or savings (32) account,
 * followed by one addenda (05) carrying the whole payout reference.
 * The entry hash is the sum of the receiving banks' 8-digit routing numbers, its last 10 digits;
 * totals are in cents. The file is unbalanced: the bank debits the programme's account for it.
 */
export function nachaPpdCredits(payouts: readonly BankPayout<'us'>[], originator: Originator<'us'>, batch: string, now: Date): string {
  const today = localDate(now, 'America/New_York');
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hour12: false })
    .format(now)
    .replace(':', '');
  const odfi8 = originator.odfi_routing_number.slice(0, 8);
  const batchNumber = 1;
  const records: string[] = [];
  records.push(
    [
      '1',
      '01',
      ` ${originator.odfi_routing_number}`,
      alpha(originator.company_id, 10),
      yymmdd(today),
      time,
      'A',
      '094',
      '10',
      '1',
      alpha(originator.odfi_name, 23),
      alpha(originator.company_name, 23),
      alpha(
        batch
          .replace(/[^A-Za-z0-9]/g, '')
          .slice(-8)
          .toUpperCase(),
        8,
      ),
    ].join(''),
  );
  const effective = yymmdd(nextWeekday(today));
  const companyFields = [alpha(originator.company_name, 16), alpha('', 20), alpha(originator.company_id, 10)].join('');
  records.push(
    ['5', '220', companyFields, 'PPD', alpha('REFUND', 10), alpha('', 6), effective, '   ', '1', odfi8, numeric(batchNumber, 7)].join(''),
  );
  let hash = 0;
  let credits = 0;
  payouts.forEach((payout, index) => {
    const account = payout.account;
    hash += Number(account.routing_number.slice(0, 8));
    credits += payout.amountMinor;
    records.push(
      [
        '6',
        creditCode[account.account_type],
        account.routing_number,
        alpha(account.account_number, 17),
        numeric(payout.amountMinor, 10),
        alpha(nachaIndividualId(payout.reference), 15),
        alpha(asciiUpper(account.name, 22), 22),
        '  ',
        '1',
        odfi8,
        numeric(index + 1, 7),
      ].join(''),
    );
    // PPD+: one addenda with the whole reference, which the receiving bank may show the customer.
    records.push(['7', '05', alpha(`ROUNDTRIP DEPOSIT REFUND ${payout.reference}`, 80), numeric(1, 4), numeric(index + 1, 7)].join(''));
  });
  const entryHash = numeric(hash % 10_000_000_000, 10);
  records.push(
    [
      '8',
      '220',
      numeric(payouts.length * 2, 6),
      entryHash,
      numeric(0, 12),
      numeric(credits, 12),
      alpha(originator.company_id, 10),
      alpha('', 19),
      alpha('', 6),
      odfi8,
      numeric(batchNumber, 7),
    ].join(''),
  );
  const blocks = Math.ceil((records.length + 1) / 10);
  records.push(
    [
      '9',
      numeric(1, 6),
      numeric(blocks, 6),
      numeric(payouts.length * 2, 8),
      entryHash,
      numeric(0, 12),
      numeric(credits, 12),
      alpha('', 39),
    ].join(''),
  );
  while (records.length % 10 !== 0) records.push('9'.repeat(94));
  for (const record of records) if (record.length !== 94) throw new Error(`NACHA record of ${record.length} characters: ${record}`);
  return `${records.join('\n')}\n`;
}
