import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { BankAnswer, BankRefusal } from './answer';
import { BankAnswerError, listOf, recordOf, rootNamespace, textOf } from './answer';

const listed = new Set(['Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls']);

/** `BOOK`, written as text (camt.054.001.02 to .07) or as `<Sts><Cd>BOOK</Cd></Sts>` (from .08). */
function statusOf(entry: Record<string, unknown>): string {
  return textOf(entry.Sts) ?? textOf(recordOf(entry.Sts)?.Cd) ?? '';
}

/**
 * An ISO 20022 bank-to-customer debit/credit notification (camt.054.001.02 to .13) of the
 * programme's account. Each booked transaction names its payout by `EndToEndId` (the payout
 * reference sent in pain.001): a debit is a transfer paid; a transaction with return information
 * (`RtrInf`, usually a credit booked days later) is one that came back, with its ISO reason code.
 * Pending and information-only entries settle nothing; other lines of the account (fees, incoming
 * payments without our reference) are left to the caller's matching.
 */
export function parseCamt054(text: string): BankAnswer {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new BankAnswerError(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const namespace = rootNamespace(recordOf(new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(text) as unknown) ?? {});
  if (!/^urn:iso:std:iso:20022:tech:xsd:camt\.054\.001\.(0[2-9]|1[0-3])$/.test(namespace))
    throw new BankAnswerError(`not a camt.054.001.02 to .13 notification (namespace ${namespace || 'missing'})`);
  const parsed = new XMLParser({ removeNSPrefix: true, parseTagValue: false, isArray: (name) => listed.has(name) }).parse(text) as unknown;
  const notification = recordOf(recordOf(recordOf(parsed)?.Document)?.BkToCstmrDbtCdtNtfctn);
  if (!notification) throw new BankAnswerError('no BkToCstmrDbtCdtNtfctn element');
  const payments: BankRefusal[] = [];
  const refusals: BankRefusal[] = [];
  for (const account of listOf(notification.Ntfctn)) {
    for (const entry of listOf(account.Ntry)) {
      if (statusOf(entry) !== 'BOOK') continue;
      const entryDirection = textOf(entry.CdtDbtInd);
      for (const transaction of listOf(entry.NtryDtls).flatMap((details) => listOf(details.TxDtls))) {
        const reference = textOf(recordOf(transaction.Refs)?.EndToEndId);
        // NOTPROVIDED is the rulebook's placeholder: a line nobody can match, listed as such.
        const line = { reference: (reference ?? 'NOTPROVIDED').toUpperCase(), partial: false };
        const returned = recordOf(transaction.RtrInf);
        if (returned) {
          refusals.push({ ...line, code: textOf(recordOf(returned.Rsn)?.Cd) ?? '' });
          continue;
        }
        const direction = textOf(transaction.CdtDbtInd) ?? entryDirection;
        if (direction === 'DBIT' && textOf(entry.RvslInd) !== 'true') payments.push({ ...line, code: '' });
      }
    }
  }
  return { format: 'camt.054', refusals, payments, refusedWhole: [], inProgress: [] };
}
