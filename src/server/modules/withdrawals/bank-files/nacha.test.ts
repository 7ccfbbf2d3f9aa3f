import nacha from '@midlandsbank/node-nacha';
import { describe, expect, it } from 'vitest';
import type { BankPayout } from './bank-payout';
import { nachaIndividualId, nachaPpdCredits } from './nacha';
import { demoOriginators } from './originators';

const account = { address: '1120 SW 5th Ave', city: 'Portland', state: 'OR', zip_code: '97205' } as const;
const payouts: BankPayout<'us'>[] = [
  {
    reference: 'RT3F2A9C0B11D4E5F6',
    amountMinor: 1250,
    account: {
      country: 'us',
      routing_number: '021000021',
      account_number: '000123456789',
      account_type: 'checking',
      name: 'Jamie Rivera',
      ...account,
    },
  },
  {
    reference: 'RT90AB0C0B11D4E5F7',
    amountMinor: 99,
    account: { country: 'us', routing_number: '011000015', account_number: '42', account_type: 'savings', name: 'José Núñez', ...account },
  },
  {
    reference: 'RT00AB0C0B11D4E5F8',
    amountMinor: 4_000_00,
    account: {
      country: 'us',
      routing_number: '121000358',
      account_number: '9876543210',
      account_type: 'checking',
      name: 'Ana',
      ...account,
    },
  },
];
const text = nachaPpdCredits(payouts, demoOriginators.us, '20261127T213000Z-abc123', new Date('2026-11-27T21:30:00Z'));

describe('NACHA PPD credit file', () => {
  it('is 94-character records blocked by 10, the last block filled with 9s', () => {
    const lines = text.split('\n').slice(0, -1);
    expect(lines.map((line) => line.length)).toEqual(Array(lines.length).fill(94));
    expect(lines).toHaveLength(10);
    // Header, batch header, 3 entries with an addenda each, batch control, file control: one full block.
    expect(lines.filter((line) => line === '9'.repeat(94))).toEqual([]);
    const two = nachaPpdCredits(payouts.slice(0, 2), demoOriginators.us, 'B', new Date('2026-11-27T21:30:00Z')).split('\n').slice(0, -1);
    expect(two).toHaveLength(10);
    expect(two.slice(8)).toEqual(['9'.repeat(94), '9'.repeat(94)]);
  });

  it('reads back with an independent NACHA reader: one PPD batch of credits from the programme, totals and entry hash right', () => {
    const { file, batches } = nacha.from(text).data;
    expect(file.destination.trim()).toBe(demoOriginators.us.odfi_routing_number);
    expect(file.origin).toBe(demoOriginators.us.company_id);
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch).toMatchObject({
      serviceClassCode: 220,
      entryClassCode: 'PPD',
      companyId: demoOriginators.us.company_id,
      effectiveDate: '261130',
    });
    const entries = batch!.entries;
    expect(entries.map((entry) => entry.transactionCode)).toEqual(['22', '32', '22']);
    expect(entries.map((entry) => entry.identificationNumber)).toEqual(payouts.map((payout) => payout.reference.slice(0, 15)));
    expect(entries.map((entry) => entry.receivingCompanyName)).toEqual(['JAMIE RIVERA', 'JOSE NUNEZ', 'ANA']);
    expect(entries.map((entry) => `${String(entry.receivingDFIIdentification).padStart(8, '0')}${entry.checkDigit}`)).toEqual(
      payouts.map((payout) => payout.account.routing_number),
    );
    expect(entries.map((entry) => entry.dfiAccount)).toEqual(['000123456789', '42', '9876543210']);
    expect(entries.map((entry) => entry.addenda?.info)).toEqual(payouts.map((payout) => `ROUNDTRIP DEPOSIT REFUND ${payout.reference}`));

    const credits = entries.reduce((sum, entry) => sum + entry.amount, 0);
    expect(credits).toBe(1250 + 99 + 400_000);
    const hash = entries.reduce((sum, entry) => sum + entry.receivingDFIIdentification, 0) % 10_000_000_000;
    for (const control of [batch!.footer, file.footer]) {
      expect(control).toMatchObject({ entryAndAddendaCount: 6, totalDebit: 0, totalCredit: credits, entryHash: hash });
    }
    expect(file.footer).toMatchObject({ batchCount: 1, blockCount: 1 });
  });

  it('keeps leading zeros of routing and account numbers (fixed width, never a spreadsheet number)', () => {
    expect(text).toContain('622021000021000123456789     0000001250');
  });

  it('the individual id is the start of the payout reference, which a return carries back', () => {
    expect(nachaIndividualId('RT3F2A9C0B11D4E5F6')).toBe('RT3F2A9C0B11D4E');
  });
});
