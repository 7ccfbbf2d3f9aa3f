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

  it('refuses an amount under the minimum as under the minimum, even above the balance', () => {
    // 0.45 on the balance, 3 typed: the minimum is what stands in the way, not the balance.
    expect(keyOf(withdrawalAmountForm('fr', 45).safeParse({ amount: '3' }))).toBe('amountBelowMinimum');
    expect(keyOf(withdrawalAmountForm('fr', 45).safeParse({ amount: '6' }))).toBe('amountAboveBalance');
  });

  it('reads yen typed on a Japanese keyboard, and says yen have no decimals', () => {
    const schema = withdrawalAmountForm('jp', 20_000);
    const amountOf = (amount: string) => {
      const result = schema.safeParse({ amount });
      return result.success ? result.data.amount : undefined;
    };
    expect(amountOf('１０００')).toBe(1000);
    expect(amountOf('1,000')).toBe(1000);
    expect(amountOf('1000円')).toBe(1000);
    expect(keyOf(schema.safeParse({ amount: '1000.5' }))).toBe('amountWholeYen');
    expect(keyOf(schema.safeParse({ amount: '１０００．５' }))).toBe('amountWholeYen');
    expect(keyOf(schema.safeParse({ amount: '1,0' }))).toBe('amountWholeYen');
  });

  it('reads French amounts with a decimal comma and grouped thousands', () => {
    const result = withdrawalAmountForm('fr', 200_000).safeParse({ amount: '1\u202f000,50 €' });
    expect(result.success && result.data).toEqual({ amount: 100_050 });
    expect(keyOf(withdrawalAmountForm('fr', 200_000).safeParse({ amount: '5,001' }))).toBe('amountTooManyDecimals');
    expect(keyOf(withdrawalAmountForm('fr', 200_000).safeParse({ amount: '6,505' }))).toBe('amountTooManyDecimals');
    expect(keyOf(withdrawalAmountForm('fr', 200_000).safeParse({ amount: 'six' }))).toBe('amountInvalid');
  });

  it('puts the problem under the amount field', () => {
    const result = withdrawalAmountForm('fr', balanceMinor).safeParse({ amount: '200' });
    expect(result.error?.issues[0]?.path).toEqual(['amount']);
  });
});
