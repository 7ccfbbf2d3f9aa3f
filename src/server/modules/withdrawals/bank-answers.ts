import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eq, like } from 'drizzle-orm';
import type { Language } from '#domain/locales';
import { defaultLocale, languageOf, matchSupportedLocale } from '#domain/locales';
import type { Database } from '../../db/client';
import { users, withdrawals } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { Actor } from '../audit/audit';
import { payoutReferencePattern, settleWithdrawal } from './withdrawals';

/** A bank's answer that cannot be read: nothing was settled from it. */
export class BankAnswerError extends Error {
  override name = 'BankAnswerError';
}

/** One refused transfer the bank names: the payout reference, or its first 15 characters (NACHA). */
export interface BankRefusal {
  /** The whole reference (pain.002) or the start of one (a NACHA individual id). */
  reference: string;
  partial: boolean;
  code: string;
}

export interface BankAnswer {
  format: 'pain.002' | 'nacha-returns';
  refusals: BankRefusal[];
  /**
   * A message or payment block the bank refused as a whole without listing its transactions: a
   * problem of the file, not of the customers' accounts. Nothing is failed for it; finance sends
   * the batch again once corrected.
   */
  refusedWhole: { id: string; code: string }[];
}

/** What the customer reads on their failed payout, for the codes banks send most. */
const refusalReasons: Record<string, Record<Language, string>> = {
  closed: {
    en: 'Your bank refused the transfer: the account is closed. Please check your bank details.',
    fr: 'Votre banque a refusé le virement\u202f: le compte est clôturé. Vérifiez vos coordonnées bancaires.',
    ja: '銀行が振込を受け付けませんでした：口座は解約済みです。口座情報をご確認ください。',
  },
  wrongAccount: {
    en: 'Your bank refused the transfer: the account number is incorrect. Please check your bank details.',
    fr: 'Votre banque a refusé le virement\u202f: le numéro de compte est incorrect. Vérifiez vos coordonnées bancaires.',
    ja: '銀行が振込を受け付けませんでした：口座番号が正しくありません。口座情報をご確認ください。',
  },
  noAccount: {
    en: 'Your bank refused the transfer: no such account was found. Please check your bank details.',
    fr: 'Votre banque a refusé le virement\u202f: ce compte est introuvable. Vérifiez vos coordonnées bancaires.',
    ja: '銀行が振込を受け付けませんでした：該当する口座が見つかりません。口座情報をご確認ください。',
  },
  nameMismatch: {
    en: 'Your bank refused the transfer: the account holder’s name does not match. Please check your bank details.',
    fr: 'Votre banque a refusé le virement\u202f: le nom du titulaire ne correspond pas. Vérifiez vos coordonnées bancaires.',
    ja: '銀行が振込を受け付けませんでした：口座名義が一致しません。口座情報をご確認ください。',
  },
  frozen: {
    en: 'Your bank refused the transfer: the account is blocked. Please contact your bank or use another account.',
    fr: 'Votre banque a refusé le virement\u202f: le compte est bloqué. Contactez votre banque ou indiquez un autre compte.',
    ja: '銀行が振込を受け付けませんでした：口座が凍結されています。銀行にお問い合わせいただくか、別の口座をご登録ください。',
  },
  holderDeceased: {
    en: 'Your bank refused the transfer: the account holder is reported deceased.',
    fr: 'Votre banque a refusé le virement\u202f: le titulaire du compte est déclaré décédé.',
    ja: '銀行が振込を受け付けませんでした：口座名義人が死亡と届け出られています。',
  },
  refusedByHolder: {
    en: 'Your bank refused the transfer at the account holder’s request.',
    fr: 'Votre banque a refusé le virement à la demande du titulaire du compte.',
    ja: '口座名義人のご依頼により、銀行が振込を受け付けませんでした。',
  },
  generic: {
    en: 'Your bank refused the transfer. Please check your bank details.',
    fr: 'Votre banque a refusé le virement. Vérifiez vos coordonnées bancaires.',
    ja: '銀行が振込を受け付けませんでした。口座情報をご確認ください。',
  },
};

/** ISO 20022 status reason codes (pain.002) and NACHA return codes, to the text above. */
const reasonOfCode: Record<string, keyof typeof refusalReasons> = {
  AC04: 'closed',
  AC01: 'wrongAccount',
  AC06: 'frozen',
  AG01: 'frozen',
  MD07: 'holderDeceased',
  BE01: 'nameMismatch',
  R02: 'closed',
  R03: 'noAccount',
  R04: 'wrongAccount',
  R14: 'holderDeceased',
  R15: 'holderDeceased',
  R16: 'frozen',
  R17: 'wrongAccount',
  R23: 'refusedByHolder',
};

export function refusalReason(code: string, language: Language): string {
  return refusalReasons[reasonOfCode[code] ?? 'generic']![language];
}

const listed = new Set(['OrgnlPmtInfAndSts', 'TxInfAndSts', 'StsRsnInf']);

function reasonCodeOf(element: Record<string, unknown>): string {
  return textOf(recordOf(listOf(element.StsRsnInf)[0]?.Rsn)?.Cd) ?? '';
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
}

function recordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function listOf(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const record = recordOf(item);
    return record ? [record] : [];
  });
}

function parsePain002(text: string): BankAnswer {
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new BankAnswerError(`not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    removeNSPrefix: true,
    parseTagValue: false,
    isArray: (name) => listed.has(name),
  }).parse(text) as unknown;
  const document = recordOf(recordOf(parsed)?.Document);
  // The namespace names the version; removeNSPrefix drops xmlns attributes, so it is read as written.
  const raw = recordOf(new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(text) as unknown) ?? {};
  const rootName = Object.keys(raw).find((name) => name === 'Document' || name.endsWith(':Document'));
  const root = recordOf(rootName ? raw[rootName] : undefined) ?? {};
  const prefix = rootName?.includes(':') ? `@_xmlns:${rootName.split(':')[0]}` : '@_xmlns';
  const namespace = textOf(root[prefix]) ?? '';
  if (!/^urn:iso:std:iso:20022:tech:xsd:pain\.002\.001\.(10|03)$/.test(namespace))
    throw new BankAnswerError(`not a pain.002.001.10 or .03 status report (namespace ${namespace || 'missing'})`);
  const report = recordOf(document?.CstmrPmtStsRpt);
  if (!report) throw new BankAnswerError('no CstmrPmtStsRpt element');
  const refusals: BankRefusal[] = [];
  const refusedWhole: BankAnswer['refusedWhole'] = [];
  const blocks = listOf(report.OrgnlPmtInfAndSts);
  const group = recordOf(report.OrgnlGrpInfAndSts);
  if (group && textOf(group.GrpSts) === 'RJCT' && blocks.every((block) => listOf(block.TxInfAndSts).length === 0))
    refusedWhole.push({ id: textOf(group.OrgnlMsgId) ?? '', code: reasonCodeOf(group) });
  for (const block of blocks) {
    if (textOf(block.PmtInfSts) === 'RJCT' && listOf(block.TxInfAndSts).length === 0)
      refusedWhole.push({ id: textOf(block.OrgnlPmtInfId) ?? '', code: reasonCodeOf(block) });
    for (const transaction of listOf(block.TxInfAndSts)) {
      if (textOf(transaction.TxSts) !== 'RJCT') continue;
      const reference = textOf(transaction.OrgnlEndToEndId);
      if (!reference) throw new BankAnswerError('a rejected transaction without OrgnlEndToEndId');
      refusals.push({ reference: reference.toUpperCase(), partial: false, code: reasonCodeOf(transaction) });
    }
  }
  return { format: 'pain.002', refusals, refusedWhole };
}

/** Fixed positions of a NACHA return file (the entry detail record and its addenda 99). */
function parseNachaReturns(text: string): BankAnswer {
  const records = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  records.forEach((record, index) => {
    if (record.length !== 94) throw new BankAnswerError(`NACHA record ${index + 1} has ${record.length} characters, not 94`);
    if (!/^[156789]/.test(record)) throw new BankAnswerError(`NACHA record ${index + 1} is of unknown type ${record[0]}`);
  });
  if (!records[0]?.startsWith('1')) throw new BankAnswerError('no NACHA file header record');
  const refusals: BankRefusal[] = [];
  records.forEach((record, index) => {
    if (!record.startsWith('6')) return;
    const addenda = records[index + 1];
    if (!addenda?.startsWith('7')) throw new BankAnswerError(`NACHA entry ${index + 1} has no addenda record`);
    // 98 is a notification of change: the transfer went through.
    if (addenda.slice(1, 3) === '98') return;
    if (addenda.slice(1, 3) !== '99') throw new BankAnswerError(`NACHA entry ${index + 1} is not followed by a return addenda (99)`);
    const reference = record.slice(39, 54).trim().toUpperCase();
    if (!reference) throw new BankAnswerError(`NACHA entry ${index + 1} has no individual identification`);
    refusals.push({ reference, partial: true, code: addenda.slice(3, 6).trim() });
  });
  return { format: 'nacha-returns', refusals, refusedWhole: [] };
}

/** The bank's answer, its format told by its content. Throws BankAnswerError on a file it cannot read. */
export function parseBankAnswer(text: string): BankAnswer {
  const content = text.replace(/^\uFEFF/, '');
  if (content.trimStart().startsWith('<')) return parsePain002(content);
  if (content.startsWith('1')) return parseNachaReturns(content);
  throw new BankAnswerError('neither a pain.002 status report nor a NACHA return file');
}

export interface ReconcileLine {
  reference: string;
  code: string;
  /** The payout's whole reference when one was found. */
  payout?: string;
}

export interface Reconciliation {
  format: BankAnswer['format'];
  refusedWhole: BankAnswer['refusedWhole'];
  settled: ReconcileLine[];
  alreadySettled: ReconcileLine[];
  /** Paid according to us, refused according to the bank: never reversed here. */
  conflicts: ReconcileLine[];
  unmatched: ReconcileLine[];
}

async function payoutNamed(db: Database, refusal: BankRefusal) {
  const columns = { id: withdrawals.id, reference: withdrawals.payoutReference, status: withdrawals.status, locale: users.locale };
  if (!refusal.partial) {
    if (!payoutReferencePattern.test(refusal.reference)) return undefined;
    const rows = await db
      .select(columns)
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(eq(withdrawals.payoutReference, refusal.reference));
    return rows[0];
  }
  if (!/^RT[0-9A-F]{13}$/.test(refusal.reference)) return undefined;
  const rows = await db
    .select(columns)
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(like(withdrawals.payoutReference, `${refusal.reference}%`))
    .limit(2);
  // Two payouts sharing 52 bits: no guess, the operator settles by hand.
  return rows.length === 1 ? rows[0] : undefined;
}

/**
 * Settles every payout a bank's answer refuses, each in its own transaction through
 * settleWithdrawal (the money back, the customer's notice, the audit entry). The whole file is
 * read before anything is written; running it again settles nothing twice.
 */
export async function reconcileBankAnswer(db: Database, actor: Actor, text: string, now: Date): Promise<Reconciliation> {
  const answer = parseBankAnswer(text);
  const result: Reconciliation = {
    format: answer.format,
    refusedWhole: answer.refusedWhole,
    settled: [],
    alreadySettled: [],
    conflicts: [],
    unmatched: [],
  };
  for (const refusal of answer.refusals) {
    const line: ReconcileLine = { reference: refusal.reference, code: refusal.code };
    const payout = await payoutNamed(db, refusal);
    if (!payout) {
      result.unmatched.push(line);
      continue;
    }
    line.payout = payout.reference;
    if (payout.status === 'COMPLETED') {
      result.conflicts.push(line);
      continue;
    }
    if (payout.status !== 'PENDING') {
      result.alreadySettled.push(line);
      continue;
    }
    const language = languageOf(matchSupportedLocale(payout.locale) ?? defaultLocale);
    try {
      const settled = await settleWithdrawal(
        db,
        actor,
        payout.id,
        { status: 'FAILED', reason: refusalReason(refusal.code, language) },
        now,
      );
      (settled.changed ? result.settled : result.alreadySettled).push(line);
    } catch (error) {
      // Settled otherwise meanwhile (paid or cancelled): the bank and we disagree.
      if (error instanceof ApiError && error.code === 'WITHDRAWAL_NOT_PENDING') result.conflicts.push(line);
      else throw error;
    }
  }
  return result;
}
