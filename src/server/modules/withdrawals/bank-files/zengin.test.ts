import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { BankPayout } from './bank-payout';
import { demoOriginators } from './originators';
import { zenginBankNames, zenginTransfers } from './zengin';

const payout = (reference: string, amountMinor: number, name: string, bank = '0005', branch = '123'): BankPayout<'jp'> => ({
  reference,
  amountMinor,
  account: { country: 'jp', bank_code: bank, branch_code: branch, account_number: '0012345', account_type: 'ordinary', account_name: name },
});
const payouts = [payout('RT3F2A9C0B11D4E5F6', 9000, 'ﾔﾏﾀﾞ ﾊﾅｺ'), payout('RT90AB0C0B11D4E5F7', 1_234_567, 'ｽｽﾞｷ ｲﾁﾛｳ', '0001', '001')];
const file = zenginTransfers(payouts, demoOriginators.jp, new Date('2026-11-27T21:30:00Z'));

/** Splits a record into fields by their widths in bytes, decoded from Shift_JIS, as a bank's reader does. */
function fields(record: Buffer, widths: readonly number[]): string[] {
  let offset = 0;
  return widths.map((width) => {
    const field = iconv.decode(record.subarray(offset, offset + width), 'Shift_JIS');
    offset += width;
    return field;
  });
}

describe('Zengin 総合振込 file', () => {
  const bytes = [...file.toString('latin1').matchAll(/([^\r\n]*)\r\n/g)].map((match) => Buffer.from(match[1]!, 'latin1'));

  it('is 120-byte Shift_JIS records: header 1 (type 21), a data record per payout, trailer 8, end 9', () => {
    expect(bytes.map((record) => record.length)).toEqual([120, 120, 120, 120, 120]);
    expect(bytes.map((record) => String.fromCharCode(record[0]!))).toEqual(['1', '2', '2', '8', '9']);
    // Half-width katakana are one byte each in Shift_JIS (0xA1–0xDF): never a UTF-8 byte pair.
    expect([...bytes[1]!].some((byte) => byte >= 0xa1 && byte <= 0xdf)).toBe(true);
  });

  it('the header names the requester and the programme account, the transfer day (next weekday, Tokyo)', () => {
    const [kind, type, code, requester, name, day, bank, bankName, branch, branchName, accountType, account] = fields(
      bytes[0]!,
      [1, 2, 1, 10, 40, 4, 4, 15, 3, 15, 1, 7, 17],
    );
    expect([kind, type, code, requester, name!.trimEnd(), day]).toEqual(['1', '21', '0', '0000000000', 'ﾗｳﾝﾄﾞﾄﾘﾂﾌﾟ ﾃﾞﾓ', '1130']);
    expect([bank, bankName!.trimEnd(), branch, branchName!.trimEnd(), accountType, account]).toEqual([
      '0005',
      'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ',
      '001',
      'ﾎﾝﾃﾝ',
      '1',
      '0000000',
    ]);
  });

  it('each data record: bank and branch names from the Zengin code list, the payee in half-width kana, the reference as EDI', () => {
    const widths = [1, 4, 15, 3, 15, 4, 1, 7, 30, 10, 1, 20, 1, 1, 7];
    const records = bytes.slice(1, 3).map((record) => fields(record, widths).map((field) => field.trimEnd()));
    expect(records[0]).toEqual([
      '2',
      '0005',
      'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ',
      '123',
      'ﾖｺﾊﾏﾅｶﾔﾏ',
      '',
      '1',
      '0012345',
      'ﾔﾏﾀﾞ ﾊﾅｺ',
      '0000009000',
      '0',
      'RT3F2A9C0B11D4E5F6',
      '7',
      'Y',
      '',
    ]);
    expect(records[1]!.slice(1, 5)).toEqual(['0001', zenginBankNames('0001', '001').bank, '001', zenginBankNames('0001', '001').branch]);
    expect(records[1]![9]).toBe('0001234567');
  });

  it('the trailer counts the records and adds their amounts', () => {
    const [, count, total] = fields(bytes[3]!, [1, 6, 12, 101]);
    const amounts = bytes.slice(1, 3).map((record) => Number(fields(record, [1, 4, 15, 3, 15, 4, 1, 7, 30, 10])[9]));
    expect(Number(count)).toBe(2);
    expect(Number(total)).toBe(amounts.reduce((sum, amount) => sum + amount, 0));
    expect(Number(total)).toBe(9000 + 1_234_567);
  });

  it('a bank code the list does not know leaves the names blank: the code routes the transfer', () => {
    expect(zenginBankNames('9999', '999')).toEqual({ bank: '', branch: '' });
  });
});
