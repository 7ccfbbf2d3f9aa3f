import { describe, expect, it } from 'vitest';
import type { BankPayout } from './bank-payout';
import { cpa005Credits, cpaFileCreationNumber } from './cpa005';
import { demoOriginators } from './originators';

const payout = (index: number): BankPayout<'ca'> => ({
  reference: `RT00000000000000${index.toString(16).toUpperCase().padStart(2, '0')}`,
  amountMinor: 1000 + index,
  account: {
    country: 'ca',
    institution_number: '003',
    transit_number: '01234',
    account_number: '0001234567',
    name: `Élise Tremblay ${index}`,
    address: 'Montréal',
  },
});
const payouts = Array.from({ length: 7 }, (_, index) => payout(index + 1));
const now = new Date('2026-11-27T21:30:00Z');
const file = cpa005Credits(payouts, demoOriginators.ca, now);

/** A 240-character credit segment split by the standard's widths. */
function segment(text: string) {
  const widths = [3, 10, 6, 9, 12, 22, 3, 15, 30, 30, 10, 19, 9, 12, 15, 22, 2, 11];
  let offset = 0;
  const [type, amount, due, institution, account, , , short, payee, , originator, reference, returnInstitution, returnAccount] = widths.map(
    (width) => {
      const value = text.slice(offset, offset + width);
      offset += width;
      return value.trimEnd();
    },
  );
  return { type, amount, due, institution, account, short, payee, originator, reference, returnInstitution, returnAccount };
}

describe('CPA-005 credit file', () => {
  const records = file.split('\r\n').slice(0, -1);

  it('has 1464-character records: header A, credit records C of up to six segments, trailer Z, numbered in order', () => {
    expect(records.map((record) => record.length)).toEqual([1464, 1464, 1464, 1464]);
    expect(records.map((record) => record[0])).toEqual(['A', 'C', 'C', 'Z']);
    expect(records.map((record) => Number(record.slice(1, 10)))).toEqual([1, 2, 3, 4]);
    const creation = cpaFileCreationNumber(now);
    for (const record of records) expect(record.slice(10, 24)).toBe(`${demoOriginators.ca.originator_id}${creation}`);
    expect(records[0]!.slice(24, 35)).toBe(`026331${demoOriginators.ca.data_centre}`);
    expect(records[0]!.slice(55, 58)).toBe('CAD');
  });

  it('each payout is a segment paying the customer, with its reference, returns going to the programme account', () => {
    const segments = records
      .slice(1, 3)
      .flatMap((record) =>
        Array.from({ length: 6 }, (_, index) => record.slice(24 + index * 240, 24 + (index + 1) * 240)).filter(
          (text) => text.trim() !== '',
        ),
      );
    expect(segments).toHaveLength(7);
    const parsed = segments.map(segment);
    expect(parsed.map((entry) => entry.reference)).toEqual(payouts.map((entry) => entry.reference));
    expect(parsed[0]).toMatchObject({
      type: '450',
      amount: '0000001001',
      due: '026334',
      institution: '000301234',
      account: '0001234567',
      payee: 'ELISE TREMBLAY 1',
      originator: demoOriginators.ca.originator_id,
      returnInstitution: `0${demoOriginators.ca.institution_number}${demoOriginators.ca.transit_number}`,
      returnAccount: demoOriginators.ca.account_number,
    });
  });

  it('the trailer adds up the credits, in count and in cents', () => {
    const trailer = records[3]!;
    const amounts = payouts.reduce((sum, entry) => sum + entry.amountMinor, 0);
    expect(Number(trailer.slice(24, 38))).toBe(0);
    expect(Number(trailer.slice(38, 46))).toBe(0);
    expect(Number(trailer.slice(46, 60))).toBe(amounts);
    expect(Number(trailer.slice(60, 68))).toBe(7);
  });
});
