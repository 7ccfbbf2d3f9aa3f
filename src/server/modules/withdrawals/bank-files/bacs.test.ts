import { describe, expect, it } from 'vitest';
import { bacsStandard18 } from './bacs';
import type { BankPayout } from './bank-payout';
import { demoOriginators } from './originators';

const payout = (reference: string, amountMinor: number, name: string, sortCode: string, account: string): BankPayout<'uk'> => ({
  reference,
  amountMinor,
  account: { country: 'uk', sort_code: sortCode, account_number: account, name, address: '1 High St', post_code: 'SW1A 1AA' },
});
const payouts = [
  payout('RT3F2A9C0B11D4E5F6', 1250, 'Siân O’Brien', '040004', '01234567'),
  payout('RT90AB0C0B11D4E5F7', 7, 'Zoë Smith-Jones of Llanfairpwll', '200000', '55779911'),
];
const file = bacsStandard18(payouts, demoOriginators.uk, new Date('2026-11-27T21:30:00Z'));
const widths = {
  sort: 6,
  account: 8,
  zero: 1,
  code: 2,
  ownSort: 6,
  ownAccount: 8,
  free: 4,
  amount: 11,
  user: 18,
  reference: 18,
  name: 18,
  day: 6,
};

/** A Standard 18 record split by its fixed widths, as a bureau's reader does. */
function parse(record: string): Record<keyof typeof widths, string> {
  let offset = 0;
  const entries = Object.entries(widths).map(([field, width]) => {
    const value = record.slice(offset, offset + width);
    offset += width;
    return [field, value.trimEnd()];
  });
  return Object.fromEntries(entries) as Record<keyof typeof widths, string>;
}

describe('Bacs Standard 18 file', () => {
  const records = file.split('\r\n').slice(0, -1);

  it('has 106-character records: a credit (99) per payout with its 18-character reference, then the contra (17)', () => {
    expect(records.map((record) => record.length)).toEqual([106, 106, 106]);
    const parsed = records.map(parse);
    expect(parsed.map((record) => record.code)).toEqual(['99', '99', '17']);
    expect(parsed.slice(0, 2).map((record) => record.reference)).toEqual(payouts.map((entry) => entry.reference));
    expect(parsed.slice(0, 2).map((record) => record.name)).toEqual(["SIAN O'BRIEN", 'ZOE SMITH-JONES OF']);
    expect(parsed[0]).toMatchObject({ sort: '040004', account: '01234567', ownSort: demoOriginators.uk.sort_code, day: ' 26334' });
  });

  it('the contra debits the programme account for the sum of the credits', () => {
    const parsed = records.map(parse);
    const credits = parsed.slice(0, 2).reduce((sum, record) => sum + Number(record.amount), 0);
    expect(credits).toBe(1257);
    expect(parsed[2]).toMatchObject({
      sort: demoOriginators.uk.sort_code,
      account: demoOriginators.uk.account_number,
      amount: '00000001257',
    });
  });
});
