import { describe, expect, it } from 'vitest';
import { formatAxisAmount } from './format';
import { chartScales } from './axes';

const labels = (splits: number[], currency: 'EUR' | 'JPY' | 'USD', locale: string) =>
  splits.map((value) => formatAxisAmount(value, currency, locale).replace(/\s/g, ' '));

describe('chartScales: the impact chart’s axes', () => {
  it('a 0 € balance is drawn against the smallest withdrawal, in whole euros, each label once', () => {
    const { balance } = chartScales(0, 0, 'EUR');
    expect(labels(balance.splits, 'EUR', 'fr-FR')).toEqual(['0 €', '1 €', '2 €', '3 €', '4 €', '5 €']);
    expect(balance.max).toBe(5);
  });
  it('a few cents never make ticks of cents printed as repeated "1 €"', () => {
    const printed = labels(chartScales(3, 0.4, 'EUR').balance.splits, 'EUR', 'fr-FR');
    expect(new Set(printed).size).toBe(printed.length);
  });
  it('whole yen in Japan, from 0 to at least the 500 yen that can be withdrawn', () => {
    const { balance } = chartScales(2, 0, 'JPY');
    expect(balance.splits.every(Number.isInteger)).toBe(true);
    expect(labels(balance.splits, 'JPY', 'ja-JP')).toEqual(['￥0', '￥100', '￥200', '￥300', '￥400', '￥500']);
  });
  it('grows with the balance in steps of 1, 2 or 5 × 10ⁿ, at most five, with room above the highest point', () => {
    expect(chartScales(0, 37.25, 'USD').balance.splits).toEqual([0, 10, 20, 30, 40, 50]);
    expect(chartScales(0, 1234, 'JPY').balance.splits).toEqual([0, 500, 1000, 1500]);
    for (const value of [0.4, 4.99, 5, 12.5, 99, 1000, 123456]) {
      const { balance } = chartScales(0, value, 'EUR');
      expect(balance.max).toBeGreaterThan(value);
      expect(balance.splits.length).toBeLessThanOrEqual(6);
      expect(new Set(labels(balance.splits, 'EUR', 'fr-FR')).size).toBe(balance.splits.length);
    }
  });
  it('the returns axis has as many steps as the balance axis, so both sets of ticks sit on the same gridlines', () => {
    for (const [returns, value] of [
      [0, 0],
      [3, 0.4],
      [47, 12.5],
      [180, 2500],
    ] as const) {
      const scales = chartScales(returns, value, 'EUR');
      expect(scales.returns.splits).toHaveLength(scales.balance.splits.length);
      expect(scales.returns.max).toBeGreaterThan(returns);
      expect(scales.returns.splits.every(Number.isInteger)).toBe(true);
    }
  });
});
