import { describe, expect, it } from 'vitest';
import { minimumWithdrawalMinor } from '../payment-methods';
import { withdrawalAmountForm } from './payments';

function keyOf(result: ReturnType<ReturnType<typeof withdrawalAmountForm>['safeParse']>) {
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('withdrawalAmountForm', () => {
  const balanceMinor = 10_000;

  it('reads a typed amount into minor units', () => {
    const result = withdrawalAmountForm('us', balanceMinor).safeParse({ amount: '25.50' });
    expect(result.success && result.data).toEqual({ amount: 2550 });
  });

  it('keys each problem on the amount: not a number, above the balance, below the minimum', () => {
    const schema = withdrawalAmountForm('us', balanceMinor);
    expect(keyOf(schema.safeParse({ amount: 'ten' }))).toBe('amountInvalid');
    expect(keyOf(schema.safeParse({ amount: '' }))).toBe('amountInvalid');
    expect(keyOf(schema.safeParse({ amount: '100.01' }))).toBe('amountAboveBalance');
    const belowMinimum = ((minimumWithdrawalMinor('us') - 1) / 100).toFixed(2);
    expect(keyOf(schema.safeParse({ amount: belowMinimum }))).toBe('amountBelowMinimum');
    expect(schema.safeParse({ amount: '100' }).success).toBe(true);
  });

  it('puts the problem under the amount field', () => {
    const result = withdrawalAmountForm('fr', balanceMinor).safeParse({ amount: '200' });
    expect(result.error?.issues[0]?.path).toEqual(['amount']);
  });
});
