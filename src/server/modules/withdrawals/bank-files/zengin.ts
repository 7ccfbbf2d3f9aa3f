import { createRequire } from 'node:module';
import iconv from 'iconv-lite';
import type ZenginCode from 'zengin-code';
import { zenginName } from '#domain/bank-accounts';
import type { BankPayout } from './bank-payout';
import { alpha, localDate, nextWeekday, numeric } from './bank-payout';
import type { Originator } from './originators';

/** 預金種目: 1 普通 (ordinary), 2 当座 (current). */
const accountTypeCode = { ordinary: '1', current: '2' } as const;

const load = createRequire(import.meta.url);
let codeList: typeof ZenginCode | undefined;
/** The list is 5 MB: read on the first Japanese file, not at every start of the server. */
function zenginCodeList(): typeof ZenginCode {
  // The package is plain JavaScript; @types/zengin-code describes what it exports.
  return (codeList ??= load('zengin-code') as typeof ZenginCode);
}

/** A bank's and a branch's names in half-width katakana, from the Zengin code list; blank when the list has no such code. */
export function zenginBankNames(bankCode: string, branchCode: string): { bank: string; branch: string } {
  const bank = zenginCodeList()[bankCode];
  const branch = bank?.branches[branchCode];
  return { bank: (bank && zenginName(bank.kana)) ?? '', branch: (branch && zenginName(branch.kana)) ?? '' };
}

/** The holder's name as the record carries it, or undefined for a name saved in kanji before katakana was required. */
export function zenginPayee(payout: BankPayout<'jp'>): string | undefined {
  return zenginName(payout.account.account_name);
}

/**
 * A Zengin 総合振込 (general transfer) file: 120-byte records in Shift_JIS, each line ended by CRLF.
 * Header (1, type 21) with the requester and the programme's account, one data record (2) per
 * payout with the payee's bank and branch names from the Zengin code list and the payout reference
 * as EDI information, trailer (8) with the count and total in yen, end record (9). Every payout
 * must have a katakana name (zenginPayee); the caller leaves the others out.
 */
export function zenginTransfers(payouts: readonly BankPayout<'jp'>[], originator: Originator<'jp'>, now: Date): Buffer {
  const day = nextWeekday(localDate(now, 'Asia/Tokyo'));
  const own = zenginBankNames(originator.bank_code, originator.branch_code);
  const records = [
    [
      '1',
      '21',
      '0',
      originator.requester_code,
      alpha(zenginName(originator.name) ?? '', 40),
      day.slice(5, 7) + day.slice(8, 10),
      originator.bank_code,
      alpha(own.bank, 15),
      originator.branch_code,
      alpha(own.branch, 15),
      accountTypeCode[originator.account_type],
      originator.account_number,
      alpha('', 17),
    ].join(''),
  ];
  let total = 0;
  for (const payout of payouts) {
    const account = payout.account;
    const names = zenginBankNames(account.bank_code, account.branch_code);
    const payee = zenginPayee(payout);
    if (payee === undefined) throw new Error(`${payout.reference}: the holder's name is not in katakana`);
    total += payout.amountMinor;
    records.push(
      [
        '2',
        account.bank_code,
        alpha(names.bank, 15),
        account.branch_code,
        alpha(names.branch, 15),
        alpha('', 4),
        accountTypeCode[account.account_type],
        account.account_number,
        alpha(payee, 30),
        numeric(payout.amountMinor, 10),
        '0',
        // With 識別表示 Y the two customer codes are EDI information: the reference the payee's statement shows.
        alpha(payout.reference, 20),
        '7',
        'Y',
        alpha('', 7),
      ].join(''),
    );
  }
  records.push(['8', numeric(payouts.length, 6), numeric(total, 12), alpha('', 101)].join(''));
  records.push(['9', alpha('', 119)].join(''));
  const encoded = records.map((record) => {
    const bytes = iconv.encode(record, 'Shift_JIS');
    if (bytes.length !== 120) throw new Error(`Zengin record of ${bytes.length} bytes: ${record}`);
    return bytes;
  });
  return Buffer.concat(encoded.flatMap((bytes) => [bytes, Buffer.from('\r\n', 'ascii')]));
}
