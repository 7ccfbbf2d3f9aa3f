import type { BankAnswer, BankRefusal } from './answer';
import { BankAnswerError } from './answer';

/** RFC 4180 fields: commas, quotes doubled inside quoted fields, CRLF or LF between records. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else quoted = false;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (quoted) throw new BankAnswerError('a quoted CSV field is not closed');
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records.filter((fields) => fields.some((value) => value.trim() !== ''));
}

const normalised = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
/** The column PayPal reports our reference in: the upload's Reference ID, the API's sender_item_id. */
const referenceColumns = ['reference id', 'sender item id', 'item reference id'];
const statusColumns = ['status', 'transaction status', 'item status'];
const paid = new Set(['SUCCESS', 'COMPLETED']);
const refused = new Set(['FAILED', 'RETURNED', 'BLOCKED', 'REFUNDED', 'REVERSED', 'DENIED', 'CANCELED', 'CANCELLED']);
const underWay = new Set(['PENDING', 'UNCLAIMED', 'ONHOLD', 'ON HOLD', 'PROCESSING', 'NEW']);

/**
 * PayPal's payouts report as finance downloads it (CSV, one line per payout item, a header row): the
 * reference we sent (Reference ID / sender_item_id) and the item's transaction status. SUCCESS is
 * paid; FAILED, RETURNED (unclaimed for 30 days), BLOCKED, REFUNDED, REVERSED come back; PENDING,
 * UNCLAIMED and ONHOLD are still under way. Columns are found by their header, whatever their order.
 */
export function parsePaypalReport(text: string): BankAnswer {
  const [header, ...rows] = csvRecords(text);
  if (!header) throw new BankAnswerError('an empty CSV file');
  const names = header.map(normalised);
  const referenceAt = names.findIndex((name) => referenceColumns.includes(name));
  const statusAt = names.findIndex((name) => statusColumns.includes(name));
  if (referenceAt < 0 || statusAt < 0)
    throw new BankAnswerError('a CSV without the Reference ID (sender_item_id) and Status columns of a PayPal payouts report');
  const answer: BankAnswer = { format: 'paypal-payouts-report', refusals: [], payments: [], refusedWhole: [], inProgress: [] };
  rows.forEach((row, index) => {
    const reference = (row[referenceAt] ?? '').trim().toUpperCase();
    const status = (row[statusAt] ?? '').trim().toUpperCase();
    const line: BankRefusal = { reference, partial: false, code: status };
    if (paid.has(status)) answer.payments.push(line);
    else if (refused.has(status)) answer.refusals.push(line);
    else if (underWay.has(status)) answer.inProgress.push(line);
    else throw new BankAnswerError(`line ${index + 2} has the status ${status || '(none)'}, not one of PayPal's payout item statuses`);
  });
  return answer;
}
