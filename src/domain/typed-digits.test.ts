import { describe, expect, it } from 'vitest';
import { plainDigits } from './typed-digits';
import { isValidPostalCode, normalizePostalCode } from './postal-codes';
import { compactDigits } from './bank-accounts';
import { verifyEmailBody } from './schemas/account';

describe('numbers typed on a Japanese keyboard', () => {
  it('makes full-width digits and dashes plain', () => {
    expect(plainDigits('１５０－０００１')).toBe('150-0001');
    expect(plainDigits('０００１')).toBe('0001');
    expect(plainDigits('150ー0001')).toBe('150-0001');
    expect(plainDigits('150\u22120001')).toBe('150-0001');
  });

  it('accepts a full-width Japanese postcode and stores it plain', () => {
    expect(isValidPostalCode('jp', '１５０－０００１')).toBe(true);
    expect(normalizePostalCode('jp', '１５００００１')).toBe('150-0001');
    expect(isValidPostalCode('fr', '７５００１')).toBe(true);
  });

  it('reads a full-width bank code as its digits', () => {
    expect(compactDigits('０００１')).toBe('0001');
    expect(compactDigits('１２－３４－５６')).toBe('123456');
  });

  it('accepts a full-width verification code', () => {
    expect(verifyEmailBody.parse({ code: '５９７９' })).toEqual({ code: '5979' });
  });
});
