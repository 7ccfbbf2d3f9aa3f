import type { ReconciliationAnswer } from '#domain/schemas/operator-answers';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-error';
import type { Actor } from '../audit/audit';
import { reconcileBankAnswer } from './bank-answers';
import { BankAnswerError } from './bank-answers/answer';

/** Node's decoder skips what is not base64; a file cut or mangled on the way must not be read as another. */
function bytesOfBase64(content: string): Uint8Array {
  const compact = content.replace(/\s+/g, '');
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(compact))
    throw new BankAnswerError('the file sent is not valid base64');
  return Buffer.from(compact, 'base64');
}

/**
 * The console's upload of a bank's or PayPal's answer: the same settlement as `payouts reconcile
 * FILE`, answered as the three lists finance reads (settled, already settled, unmatched) and the
 * lines to check by hand. A file it cannot read is a 422 naming why; nothing is settled from it.
 */
export async function reconcileUpload(
  db: Database,
  actor: Actor,
  upload: { content: string; encoding: 'utf-8' | 'base64' },
  now: Date,
): Promise<ReconciliationAnswer> {
  try {
    const file = upload.encoding === 'base64' ? bytesOfBase64(upload.content) : upload.content;
    const result = await reconcileBankAnswer(db, actor, file, now);
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
