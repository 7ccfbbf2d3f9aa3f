import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BankAccount } from '#domain/schemas/payments';
import { demoOriginators } from './bank-files/originators';
import { manualPayoutProvider } from './manual-provider';
import type { PayoutInstruction } from './payout-provider';

const bankPayout = (reference: string, account: BankAccount, payoutMinor = 5000): PayoutInstruction => ({
  withdrawalId: `w-${reference}`,
  payoutReference: reference,
  userId: 'u',
  currency: account.country === 'jp' ? 'JPY' : account.country === 'fr' ? 'EUR' : 'USD',
  payoutMinor,
  destination: { method: 'TRANSFERWISE', account },
  requestedAt: new Date('2026-11-27T10:00:00Z'),
});
const japanese = { country: 'jp', bank_code: '0005', branch_code: '123', account_number: '1234567', account_type: 'ordinary' } as const;

describe('the manual provider', () => {
  it('a Japanese name saved in kanji fits no Zengin record: that payout goes to the list paid by hand, the others to the Zengin file', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'payouts-'));
    const submission = await manualPayoutProvider(directory, demoOriginators).submit(
      [
        bankPayout('RT00000000000000B1', { ...japanese, account_name: 'ﾀﾅｶ ﾕｲ' }),
        bankPayout('RT00000000000000B2', { ...japanese, account_name: '田中結衣' }),
      ],
      'B',
    );
    expect(submission.files.map((file) => path.basename(file))).toEqual(['zengin-sogo-furikomi-B.txt', 'bank-payments-B.csv']);
    expect(readFileSync(submission.files[0]!, 'latin1')).not.toContain('RT00000000000000B2');
    expect(readFileSync(submission.files[1]!, 'utf8')).toContain('RT00000000000000B2');
    expect(readFileSync(submission.files[1]!, 'utf8')).not.toContain('RT00000000000000B1');
  });

  it('refuses, before anything is written, payouts of a market whose own account is not set', () => {
    const { us: _us, ...withoutUs } = demoOriginators;
    const provider = manualPayoutProvider(mkdtempSync(path.join(tmpdir(), 'payouts-')), withoutUs);
    const payout = bankPayout('RT00000000000000B3', {
      country: 'us',
      routing_number: '021000021',
      account_number: '12345',
      account_type: 'checking',
      name: 'A',
      address: 'B',
      city: 'C',
      state: 'OR',
      zip_code: '97205',
    });
    expect(() => provider.check?.([payout])).toThrow(expect.objectContaining({ code: 'PAYOUT_ORIGINATOR_MISSING' }));
    expect(() => provider.check?.([bankPayout('RT00000000000000B4', { ...japanese, account_name: 'ﾀﾅｶ' })])).not.toThrow();
  });
});
