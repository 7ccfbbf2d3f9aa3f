import { describe, expect, it } from 'vitest';
import { isValidPostalCode, normalizePostalCode } from './postal-codes';
import type { CountryCode } from './markets';

const cases: Record<CountryCode, { valid: string[]; invalid: string[] }> = {
  us: { valid: ['97205', '97205-1234', ' 10001 '], invalid: ['9720', '972055', '97205-12', 'ABCDE', 'SW1A 1AA'] },
  ca: { valid: ['H2X 1Y4', 'h2x1y4', 'K1A 0B1'], invalid: ['H2X 1Y', 'D2X 1Y4', '12345', 'H2X-1Y4'] },
  uk: { valid: ['M1 1AE', 'SW1A 1AA', 'sw1a1aa', 'EC1A 1BB', 'GIR 0AA', 'B33 8TH'], invalid: ['M1', '12345', 'QQ1 1AA', 'SW1A 1A'] },
  fr: { valid: ['75011', '69002', '20000'], invalid: ['7501', '750111', 'F-75011', 'ABCDE'] },
  jp: { valid: ['150-0002', '1500002'], invalid: ['150-002', '15-00002', '150 0002', '15000022'] },
};

describe.each(Object.entries(cases) as [CountryCode, { valid: string[]; invalid: string[] }][])(
  'postal codes of %s',
  (country, { valid, invalid }) => {
    it.each(valid)('accepts %s', (value) => {
      expect(isValidPostalCode(country, value)).toBe(true);
    });
    it.each(invalid)('refuses %s', (value) => {
      expect(isValidPostalCode(country, value)).toBe(false);
    });
  },
);

describe('normalizePostalCode', () => {
  it.each([
    ['us', ' 97205 ', '97205'],
    ['ca', 'h2x1y4', 'H2X 1Y4'],
    ['ca', 'h2x  1y4', 'H2X 1Y4'],
    ['uk', 'sw1a1aa', 'SW1A 1AA'],
    ['uk', 'm11ae', 'M1 1AE'],
    ['fr', '75011', '75011'],
    ['jp', '1500002', '150-0002'],
    ['jp', '150-0002', '150-0002'],
  ] as const)('%s: %s becomes %s', (country, input, expected) => {
    expect(normalizePostalCode(country, input)).toBe(expected);
  });
});
