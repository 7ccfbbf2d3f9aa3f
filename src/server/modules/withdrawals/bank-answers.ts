import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { eq, like } from 'drizzle-orm';
import type { Language } from '#domain/locales';
import { defaultLocale, languageOf, matchSupportedLocale } from '#domain/locales';
import type { Database } from '../../db/client';
import { users, withdrawals } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { Actor } from '../audit/audit';
import { payoutReferencePattern, settleWithdrawal } from './withdrawals';
import type { BankAnswer, BankRefusal, RefusalReason } from './bank-answers/answer';
import { BankAnswerError, listOf, recordOf, rootNamespace, textOf } from './bank-answers/answer';
import { parseCamt054 } from './bank-answers/camt054';
import { parsePaypalReport } from './bank-answers/paypal-report';
import { looksLikeZengin, parseZenginResults } from './bank-answers/zengin-results';

/** What the customer reads on their failed payout, for the codes banks send most. */
const refusalReasons: Record<RefusalReason, Record<Language, string>> = {
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
  paypalReturned: {
    en: 'PayPal gave the payment back: it was not claimed. Please check the PayPal email of your payment method.',
    fr: 'PayPal a rendu le paiement\u202f: il n’a pas été réclamé. Vérifiez l’adresse PayPal de votre moyen de remboursement.',
    ja: '受け取られなかったため、PayPalから返金されました。出金先のPayPalメールアドレスをご確認ください。',
  },
  paypalRefused: {
    en: 'PayPal refused the payment to your PayPal account. Please check its email or use another payment method.',
    fr: 'PayPal a refusé le paiement vers votre compte PayPal. Vérifiez son adresse ou choisissez un autre moyen de remboursement.',
    ja: 'PayPalがお客様のPayPalアカウントへの支払いを受け付けませんでした。メールアドレスをご確認いただくか、別の出金先をお選びください。',
  },
  generic: {
    en: 'Your bank refused the transfer. Please check your bank details.',
    fr: 'Votre banque a refusé le virement. Vérifiez vos coordonnées bancaires.',
    ja: '銀行が振込を受け付けませんでした。口座情報をご確認ください。',
  },
};

/** ISO 20022 status reason codes (pain.002) and NACHA return codes, to the text above. */
const reasonOfCode: Record<string, RefusalReason> = {
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
  // PayPal payout item statuses.
  RETURNED: 'paypalReturned',
  FAILED: 'paypalRefused',
  BLOCKED: 'paypalRefused',
  DENIED: 'paypalRefused',
  REFUNDED: 'paypalReturned',
  REVERSED: 'paypalReturned',
};

/** The customer's text for a refusal: the reader's own reason when its scheme gave one, else the code's. */
export function refusalReason(code: string, language: Language, reason?: RefusalReason): string {
  return refusalReasons[reason ?? reasonOfCode[code] ?? 'generic'][language];
}

const listed = new Set(['OrgnlPmtInfAndSts', 'TxInfAndSts', 'StsRsnInf']);

function reasonCodeOf(element: Record<string, unknown>): string {
  return textOf(recordOf(listOf(element.StsRsnInf)[0]?.Rsn)?.Cd) ?? '';
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
  const namespace = rootNamespace(recordOf(new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(text) as unknown) ?? {});
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
  return { format: 'pain.002', refusals, payments: [], refusedWhole, inProgress: [] };
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
  return { format: 'nacha-returns', refusals, payments: [], refusedWhole: [], inProgress: [] };
}

/**
 * The bank's answer, its format told by its content. Throws BankAnswerError on a file it cannot
 * read. A Zengin file is Shift_JIS and is read from its bytes; every other answer is UTF-8 text.
 */
export function parseBankAnswer(input: string | Uint8Array): BankAnswer {
  if (typeof input !== 'string' && looksLikeZengin(input)) return parseZenginResults(input);
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  const content = text.replace(/^\uFEFF/, '');
  if (content.startsWith('121')) {
    // Read as UTF-8, its half-width katakana are lost and its byte positions shift: only its bytes will do.
    if (/[^\t\n\r\x20-\x7e]/.test(content)) throw new BankAnswerError('a Zengin file sent as text, not as its bytes (base64)');
    return parseZenginResults(Buffer.from(content, 'latin1'));
  }
  if (content.trimStart().startsWith('<'))
    return /urn:iso:std:iso:20022:tech:xsd:camt\.054\./.test(content.slice(0, 2000)) ? parseCamt054(content) : parsePain002(content);
  if (content.startsWith('1')) return parseNachaReturns(content);
  if (/^[^\r\n]*,/.test(content)) return parsePaypalReport(content);
  throw new BankAnswerError(
    'neither a pain.002 status report, a camt.054 notification, a NACHA return file, a Zengin result file nor a PayPal payouts report',
  );
}

export interface ReconcileLine {
  reference: string;
  code: string;
  /** What the answer says of it: paid, or refused and the money back. */
  outcome: 'paid' | 'failed';
  /** The payout's whole reference when one was found. */
  payout?: string;
}

export interface Reconciliation {
  format: BankAnswer['format'];
  refusedWhole: BankAnswer['refusedWhole'];
  settled: ReconcileLine[];
  alreadySettled: ReconcileLine[];
  /** Paid according to us and refused by the bank, or cancelled here and paid there: never reversed here. */
  conflicts: ReconcileLine[];
  unmatched: ReconcileLine[];
  /** Still under way according to the answer (PayPal PENDING, UNCLAIMED…): settled by a later report. */
  inProgress: ReconcileLine[];
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

/** Where a payout already settled here goes when the answer names it again. */
function settledBefore(status: string, outcome: ReconcileLine['outcome']): 'alreadySettled' | 'conflicts' {
  if (outcome === 'failed') return status === 'COMPLETED' ? 'conflicts' : 'alreadySettled';
  // A debit booked for a payout already failed is the transfer whose return we read first.
  return status === 'CANCELLED' ? 'conflicts' : 'alreadySettled';
}

/**
 * Settles every payout a bank's answer names, each in its own transaction through
 * settleWithdrawal: a refusal gives the money back, tells the customer why in their language and
 * writes its audit entry; a payment completes the payout. The whole file is read before anything
 * is written; running it again, or the answers in any order, settles nothing twice.
 */
export async function reconcileBankAnswer(db: Database, actor: Actor, file: string | Uint8Array, now: Date): Promise<Reconciliation> {
  const answer = parseBankAnswer(file);
  const result: Reconciliation = {
    format: answer.format,
    refusedWhole: answer.refusedWhole,
    settled: [],
    alreadySettled: [],
    conflicts: [],
    unmatched: [],
    inProgress: answer.inProgress.map((line) => ({ reference: line.reference, code: line.code, outcome: 'paid' })),
  };
  const refused = new Set(answer.refusals.map((refusal) => refusal.reference));
  const lines = [
    ...answer.refusals.map((named) => ({ named, outcome: 'failed' as const })),
    ...answer.payments.filter((named) => !refused.has(named.reference)).map((named) => ({ named, outcome: 'paid' as const })),
  ];
  for (const { named, outcome } of lines) {
    const line: ReconcileLine = { reference: named.reference, code: named.code, outcome };
    const payout = await payoutNamed(db, named);
    if (!payout) {
      result.unmatched.push(line);
      continue;
    }
    line.payout = payout.reference;
    if (payout.status !== 'PENDING') {
      result[settledBefore(payout.status, outcome)].push(line);
      continue;
    }
    const language = languageOf(matchSupportedLocale(payout.locale) ?? defaultLocale);
    try {
      const settled = await settleWithdrawal(
        db,
        actor,
        payout.id,
        outcome === 'paid' ? { status: 'COMPLETED' } : { status: 'FAILED', reason: refusalReason(named.code, language, named.reason) },
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
