import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isAbaRoutingNumber,
  isIban,
  isLinePayNumber,
  isSortCode,
  maskAccountNumber,
  maskEmail,
  zenginName,
  zenginNameMaxLength,
} from './bank-accounts';
import { checkWithdrawalAmount, paymentMethodsByMarket, withdrawalFeeMinor } from './payment-methods';
import { bankAccountSchemas, linePaySchema, paypalSchema, storedBankAccountSchemas } from './schemas/payments';

/** Every character a Zengin transfer record may carry in the holder's name (half-width). */
const zenginCharacter = /^[0-9A-Z ().\-/¥,｢｣ｦ-ｯｱ-ﾝﾞﾟ]$/u;
const jpForm = { bank_code: '0005', branch_code: '123', account_number: '1234567', account_type: 'ordinary' };

describe('ABA routing numbers', () => {
  it('accepts published routing numbers of real banks', () => {
    // Federal Reserve Bank of Boston, JPMorgan Chase NY, Bank of America NY, Wells Fargo CA, Bank of America CA.
    for (const number of ['011000015', '021000021', '026009593', '121042882', '121000358'])
      expect(isAbaRoutingNumber(number), number).toBe(true);
  });
  it('refuses a wrong check digit, letters and other lengths', () => {
    for (const number of ['021000022', '011000016', '12100035A', '02100002', '0210000210', '', '000000001'])
      expect(isAbaRoutingNumber(number), number).toBe(false);
  });
});

describe('IBAN', () => {
  it('accepts valid IBANs of several countries, in print format too', () => {
    for (const iban of [
      'FR14 2004 1010 0505 0001 3M02 606',
      'FR7630006000011234567890189',
      'GB82WEST12345698765432',
      'DE89370400440532013000',
      'NL91ABNA0417164300',
      'BE68539007547034',
      'CH9300762011623852957',
      'ES9121000418450200051332',
      'IT60X0542811101000000123456',
      'NO9386011117947',
      'fr1420041010050500013m02606',
    ])
      expect(isIban(iban), iban).toBe(true);
  });
  it('refuses a wrong checksum, a wrong length for the country, bad characters and the 14–34 bounds', () => {
    for (const iban of [
      'FR1420041010050500013M02607', // last digit changed
      'GB82WEST12345698765431',
      'DE89370400440532013001',
      'FR142004101005050001',
      'DE8937040044053201300', // one digit short of Germany's 22
      'GB82-WEST-1234-5698-7654-32',
      'XX00',
      'NL91ABNA041716430!',
      `DE${'1'.repeat(40)}`,
    ])
      expect(isIban(iban), iban).toBe(false);
  });
});

describe('other bank fields', () => {
  it('sort codes have 6 digits (dashes allowed in the form), LINE Pay numbers 11', () => {
    expect(
      bankAccountSchemas.uk.safeParse({
        sort_code: '20-00-00',
        account_number: '55779911',
        name: 'O H',
        address: '1 St',
        post_code: 'm11ae',
      }).data,
    ).toEqual({
      sort_code: '200000',
      account_number: '55779911',
      name: 'O H',
      address: '1 St',
      post_code: 'M1 1AE',
    });
    expect(isSortCode('20000')).toBe(false);
    expect(isLinePayNumber('09012345678')).toBe(true);
    expect(isLinePayNumber('0901234567')).toBe(false);
  });

  it('each market form names the field at fault with its own key', () => {
    const us = bankAccountSchemas.us.safeParse({
      routing_number: '021000022',
      account_number: '12345',
      account_type: 'current',
      name: '',
      address: 'x',
      city: 'x',
      state: 'OR',
      zip_code: '9720',
    });
    expect(us.success).toBe(false);
    const messages = Object.fromEntries(us.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      routing_number: 'routingNumberInvalid',
      account_number: 'accountNumberInvalid',
      account_type: 'required',
      name: 'required',
      zip_code: 'zipCodeInvalid',
    });
    expect(
      bankAccountSchemas.us.safeParse({
        routing_number: '021000021',
        account_number: '000123456789',
        account_type: 'checking',
        name: 'Alex Morgan',
        address: '1120 SW 5th Ave',
        city: 'Portland',
        state: 'OR',
        zip_code: '97205',
      }).success,
    ).toBe(true);
    // A 6-digit and a 17-digit account number are the bounds.
    for (const [number, ok] of [
      ['123456', true],
      ['12345678901234567', true],
      ['123456789012345678', false],
      ['12345a', false],
    ] as const) {
      expect(bankAccountSchemas.us.shape.account_number.safeParse(number).success, number).toBe(ok);
    }
    const ca = bankAccountSchemas.ca.safeParse({
      transit_number: '1234',
      institution_number: '0003',
      account_number: '1234567',
      name: 'S T',
      address: 'x',
    });
    expect(ca.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['transit_number', 'transitNumberInvalid'],
      ['institution_number', 'institutionNumberInvalid'],
    ]);
    expect(
      bankAccountSchemas.fr.safeParse({ iban: 'FR7630006000011234567890188', name: 'C D', address: 'x' }).error!.issues[0]!.message,
    ).toBe('ibanInvalid');
    expect(bankAccountSchemas.fr.parse({ iban: 'fr76 3000 6000 0112 3456 7890 189', name: 'C D', address: 'x' }).iban).toBe(
      'FR7630006000011234567890189',
    );
    const jp = bankAccountSchemas.jp.safeParse({
      bank_code: '0005',
      branch_code: '01',
      account_number: '1234567',
      account_type: 'ordinary',
      account_name: 'タナカ ユイ',
    });
    expect(jp.error!.issues.map((issue) => [issue.path[0], issue.message])).toEqual([['branch_code', 'branchCodeInvalid']]);
    expect(paypalSchema.safeParse({ email: 'not-an-email' }).error!.issues[0]!.message).toBe('emailInputError');
    expect(linePaySchema.safeParse({ referenceNo: '123' }).error!.issues[0]!.message).toBe('linePayNumberInvalid');
  });
});

describe('Japanese account names (Zengin)', () => {
  it('full-width, half-width katakana and hiragana all become the half-width name a bank transfer carries', () => {
    for (const typed of ['ヤマダ ハナコ', 'ﾔﾏﾀﾞ ﾊﾅｺ', 'やまだ　はなこ', ' ヤマダ  はなこ ', 'ﾔﾏﾀﾞ･ﾊﾅｺ'])
      expect(zenginName(typed), typed).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
    expect(zenginName('ポール・ジョーンズ')).toBe('ﾎﾟ-ﾙ ｼﾞﾖ-ﾝｽﾞ');
    expect(zenginName('ｷｬｯｼｭ')).toBe('ｷﾔﾂｼﾕ');
    expect(zenginName('ヴィンセント')).toBe('ｳﾞｲﾝｾﾝﾄ');
    expect(zenginName('ｶ) ﾗｳﾝﾄﾞﾄﾘｯﾌﾟ')).toBe('ｶ) ﾗｳﾝﾄﾞﾄﾘﾂﾌﾟ');
    expect(zenginName('smith john（ｼﾞﾕﾆｱ）．')).toBe('SMITH JOHN(ｼﾞﾕﾆｱ).');
    expect(zenginName('「ＡＢＣ」１２３／－￥，')).toBe('｢ABC｣123/-¥,');
  });

  it('kanji and characters no bank transfer carries are refused', () => {
    for (const typed of ['山田花子', 'ヤマダ 花子', 'ﾔﾏﾀﾞ!', 'Émile', 'ヤマダ@', '々']) expect(zenginName(typed), typed).toBeUndefined();
  });

  it('property: the name is only Zengin characters, typing it again gives it back, hiragana reads as katakana', () => {
    const kana = fc.constantFrom(
      ...'あいうえおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをんゔー 　ABCxyz019()./-,'.split(
        '',
      ),
    );
    fc.assert(
      fc.property(fc.array(kana, { maxLength: 40 }), (chars) => {
        const typed = chars.join('');
        const name = zenginName(typed);
        expect(name).toBeDefined();
        for (const char of name!) expect(char).toMatch(zenginCharacter);
        expect(zenginName(name!)).toBe(name);
        const katakana = typed.replace(/[ぁ-ゖ]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
        expect(zenginName(katakana)).toBe(name);
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0x4e00, max: 0x9fff }), fc.string(), (before, kanji, after) => {
        expect(zenginName(`${before}${String.fromCharCode(kanji)}${after}`)).toBeUndefined();
      }),
    );
  });

  it('the bank form stores the half-width name and names the mistake', () => {
    expect(bankAccountSchemas.jp.parse({ ...jpForm, account_name: 'やまだ はなこ' }).account_name).toBe('ﾔﾏﾀﾞ ﾊﾅｺ');
    const issue = (account_name: string) =>
      bankAccountSchemas.jp.safeParse({ ...jpForm, account_name }).error?.issues.map((problem) => [problem.path[0], problem.message]);
    expect(issue('山田花子')).toEqual([['account_name', 'accountNameKana']]);
    expect(issue('  ')).toEqual([['account_name', 'required']]);
    // A voiced mark is a character of its own in the record: 15 ガ are 30 characters, 16 too many.
    expect(issue('ガ'.repeat(zenginNameMaxLength / 2))).toBeUndefined();
    expect(issue('ガ'.repeat(zenginNameMaxLength / 2 + 1))).toEqual([['account_name', 'accountNameTooLong']]);
  });

  it('an account saved with a kanji name before the rule still opens', () => {
    expect(storedBankAccountSchemas.jp.parse({ ...jpForm, account_name: '山田花子' }).account_name).toBe('山田花子');
    expect(storedBankAccountSchemas.jp.parse({ ...jpForm, account_name: 'タナカ ユイ' }).account_name).toBe('ﾀﾅｶ ﾕｲ');
  });
});

describe('withdrawal rules', () => {
  it('Japan charges 249 yen below 8,800 yen; other markets nothing', () => {
    expect(withdrawalFeeMinor('jp', 8_799)).toBe(249);
    expect(withdrawalFeeMinor('jp', 8_800)).toBe(0);
    expect(withdrawalFeeMinor('us', 500)).toBe(0);
  });
  it('amount between the market minimum and the balance', () => {
    expect(checkWithdrawalAmount('us', 499, 10_000)).toBe('amountBelowMinimum');
    expect(checkWithdrawalAmount('us', 500, 10_000)).toBeUndefined();
    expect(checkWithdrawalAmount('us', 10_001, 10_000)).toBe('amountAboveBalance');
    expect(checkWithdrawalAmount('jp', 499, 1_000)).toBe('amountBelowMinimum');
    expect(checkWithdrawalAmount('jp', 500, 1_000)).toBeUndefined();
    expect(checkWithdrawalAmount('us', 0, 1_000)).toBe('amountInvalid');
  });
  it('every market offers the bank transfer and PayPal, none LINE Pay', () => {
    for (const methods of Object.values(paymentMethodsByMarket)) expect(methods).toEqual(['TRANSFERWISE', 'PAYPAL']);
  });
  it('masks numbers and emails', () => {
    expect(maskAccountNumber('000123456789')).toBe('•••• 6789');
    expect(maskEmail('jamie@example.com')).toBe('ja•••@example.com');
  });
});
