import type { ReconciliationAnswer } from '#domain/schemas/operator-answers';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-error';
import type { Actor } from '../audit/audit';
import { reconcileBankAnswer } from './bank-answers';
import { BankAnswerError } from './bank-answers/answer';

/**
 * The console's upload of a bank's or PayPal's answer: the same settlement as `payouts reconcile
 * FILE`, answered as the three lists finance reads (settled, already settled, unmatched) and the
 * lines to check by hand. A file it cannot read is a 422 naming why; nothing is settled from it.
 */
export async function reconcileUpload(db: Database, actor: Actor, content: string, now: Date): Promise<ReconciliationAnswer> {
  try {
    const result = await reconcileBankAnswer(db, actor, content, now);
    return {
      format: result.format,
      settled: result.settled,
      already_settled: result.alreadySettled,
      unmatched: result.unmatched,
      conflicts: result.conflicts,
      in_progress: result.inProgress,
      refused_whole: result.refusedWhole,
    };
  } catch (error) {
    if (!(error instanceof BankAnswerError)) throw error;
    const why = error.message;
    throw new ApiError(422, 'BANK_ANSWER_UNREADABLE', undefined, undefined, {
      en: `This file could not be read (${why}). Nothing was settled.`,
      fr: `Ce fichier n’a pas pu être lu (${why}). Rien n’a été réglé.`,
      ja: `このファイルを読み取れませんでした（${why}）。何も精算されていません。`,
    });
  }
}
