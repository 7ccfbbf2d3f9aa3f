import type { BankAnswer, BankRefusal, RefusalReason } from './answer';
import { BankAnswerError } from './answer';

const recordLength = 120;
const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));

/**
 * The result code of each data record, in byte 112: the convention of the Zengin-layout result
 * files Japanese banks hand back (振込結果 / 振替結果明細), which write it where the request has
 * its first byte after the 20-byte customer code field (docs/operators.md, Settling from the
 * bank's answer). 0 is done; 1 and 8 are refusals on the programme's side, which fail nobody;
 * the others are refusals, each with what the customer reads. A request file uploaded by mistake
 * carries 7 (電信扱) there and is refused as a whole.
 */
const resultCodes: Record<string, RefusalReason | 'paid' | 'ours'> = {
  '0': 'paid',
  // 資金不足: a shortfall of the paying account, which is ours: nothing the customer can correct.
  '1': 'ours',
  // 取引なし: no such account at the branch.
  '2': 'noAccount',
  // 預金者の都合による停止: stopped by the account holder.
  '3': 'refusedByHolder',
  '4': 'generic',
  // 委託者の都合: stopped at the requester's, the programme's, request.
  '8': 'ours',
  '9': 'generic',
};

/** Whether these bytes start as a Zengin 総合振込 file (header 1, type 21), not as NACHA's `101`. */
export function looksLikeZengin(bytes: Uint8Array): boolean {
  return ascii(bytes, 0, 3) === '121';
}

/**
 * A Zengin 総合振込 result file: the bank's copy of our request in the same 120-byte Shift_JIS
 * records (header 1 of type 21, data 2, trailer 8, end 9), each data record with its result code.
 * The payout is named by the EDI field (bytes 92 to 111) where the export wrote its reference.
 * Records are read as bytes (half-width katakana are one byte each; only ASCII fields are read),
 * with or without line ends between them, and the trailer's count and total are checked.
 */
export function parseZenginResults(file: Uint8Array): BankAnswer {
  // Line ends and a DOS end-of-file mark are never part of a record: Shift_JIS has no 0x0D, 0x0A or 0x1A in a character.
  const bytes = file.filter((byte) => byte !== 0x0d && byte !== 0x0a && byte !== 0x1a);
  if (bytes.length === 0 || bytes.length % recordLength !== 0)
    throw new BankAnswerError(`a Zengin file is made of 120-byte records; this one has ${bytes.length} bytes`);
  const records = Array.from({ length: bytes.length / recordLength }, (_, index) =>
    bytes.subarray(index * recordLength, (index + 1) * recordLength),
  );
  const payments: BankRefusal[] = [];
  const refusals: BankRefusal[] = [];
  const refusedWhole: BankAnswer['refusedWhole'] = [];
  let inFile = false;
  let count = 0;
  let total = 0;
  let ended = false;
  records.forEach((record, index) => {
    const number = index + 1;
    const kind = ascii(record, 0, 1);
    if (ended) throw new BankAnswerError(`Zengin record ${number} comes after the end record (9)`);
    if (kind === '1') {
      if (inFile) throw new BankAnswerError(`Zengin header ${number} before the trailer of the one above`);
      if (ascii(record, 1, 2) !== '21')
        throw new BankAnswerError(`Zengin header ${number} is of type ${ascii(record, 1, 2)}, not 21 (総合振込)`);
      inFile = true;
      count = 0;
      total = 0;
      return;
    }
    if (kind === '2') {
      if (!inFile) throw new BankAnswerError(`Zengin data record ${number} outside a header and its trailer`);
      const amount = ascii(record, 80, 10);
      if (!/^\d{10}$/.test(amount)) throw new BankAnswerError(`Zengin data record ${number} has no amount in bytes 81 to 90`);
      count += 1;
      total += Number(amount);
      const code = ascii(record, 111, 1);
      const outcome = resultCodes[code];
      if (!outcome)
        throw new BankAnswerError(
          `Zengin data record ${number} has result code “${code}” in byte 112, not 0 to 4, 8 or 9: is it the transfer file itself?`,
        );
      const edi = ascii(record, 91, 20).trim().toUpperCase();
      // Without our reference the line can only be listed: the bank, branch and account say whose it was.
      const reference = edi || `${ascii(record, 1, 4)}-${ascii(record, 20, 3)}-${ascii(record, 43, 7)}`;
      if (outcome === 'paid') payments.push({ reference, partial: false, code });
      // Our side's refusal: the payout stays pending for finance to send again, as a batch refused as a whole does.
      else if (outcome === 'ours') refusedWhole.push({ id: reference, code });
      else refusals.push({ reference, partial: false, code, reason: outcome });
      return;
    }
    if (kind === '8') {
      if (!inFile) throw new BankAnswerError(`Zengin trailer ${number} without its header`);
      if (Number(ascii(record, 1, 6)) !== count || Number(ascii(record, 7, 12)) !== total)
        throw new BankAnswerError(
          `Zengin trailer ${number} counts ${Number(ascii(record, 1, 6))} records for ${Number(ascii(record, 7, 12))} yen; the file has ${count} for ${total}`,
        );
      inFile = false;
      return;
    }
    if (kind === '9') {
      if (inFile) throw new BankAnswerError(`Zengin end record ${number} before the trailer`);
      ended = true;
      return;
    }
    throw new BankAnswerError(`Zengin record ${number} is of unknown kind “${kind}”`);
  });
  if (!ended) throw new BankAnswerError('the Zengin file has no end record (9): is it cut?');
  return { format: 'zengin-results', refusals, payments, refusedWhole, inProgress: [] };
}
