import { describe, expect, it } from 'vitest';
import { minorFromDecimal, minorFromMoney, moneyFromMinor } from './money';

describe('money', () => {
  it('writes minor units as a decimal string in major units', () => {
    expect(moneyFromMinor(1250, 'USD')).toEqual({ currency: 'USD', value: '12.50' });
    expect(moneyFromMinor(5, 'EUR')).toEqual({ currency: 'EUR', value: '0.05' });
    expect(moneyFromMinor(-1999, 'GBP')).toEqual({ currency: 'GBP', value: '-19.99' });
    expect(moneyFromMinor(8800, 'JPY')).toEqual({ currency: 'JPY', value: '8800' });
  });

  it('reads decimals without floating-point error and refuses extra decimals', () => {
    expect(minorFromDecimal('0.29', 'USD')).toBe(29);
    expect(minorFromDecimal('12,5', 'EUR')).toBe(1250);
    expect(minorFromDecimal('500', 'JPY')).toBe(500);
    expect(minorFromDecimal('500.5', 'JPY')).toBeUndefined();
    expect(minorFromDecimal('1.234', 'CAD')).toBeUndefined();
    expect(minorFromDecimal('1e3', 'USD')).toBeUndefined();
    expect(minorFromDecimal('', 'USD')).toBeUndefined();
  });

  it('round-trips every amount', () => {
    for (const minor of [0, 1, 10, 99, 100, 101, 123_456_789]) {
      expect(minorFromMoney(moneyFromMinor(minor, 'USD'))).toBe(minor);
      expect(minorFromMoney(moneyFromMinor(minor, 'JPY'))).toBe(minor);
    }
  });
});
