import { apiPrefix } from '#domain/api';
import type { Currency } from '#domain/markets';
import { transactionsQuery } from '#domain/schemas/wallet';
import type { Executor } from '../../db/client';
import { JsonText, type CustomerAnswers, type KeptAnswer } from '../../http/customer-answers';
import type { HistoryPages } from './history-pages';
import type { BalanceAndVersion } from './ledger';

export const balancePath = `${apiPrefix}/user/balance`;
export const historyPath = `${apiPrefix}/merged_transactions`;

export interface AnswersOnWrite {
  /**
   * Inside a writer's transaction, after its last change to the customer's data and `read` (what
   * balanceAndVersion read after it): the balance and history answers this process keeps for them, recomputed as of the version that change made,
   * so that the customer's next read here needs no database (on the embedded database, no turn
   * behind the other writes). Returns what keeps them, to call once the transaction committed and
   * never after a rollback (the next write would make that version number again). Other
   * instances are not told: their next read sees the new version in the database and computes.
   */
  recompute(executor: Executor, user: { id: string; currency: Currency }, read: BalanceAndVersion): Promise<() => void>;
}

export function createAnswersOnWrite(answers: CustomerAnswers, historyPages: HistoryPages): AnswersOnWrite {
  return {
    async recompute(executor, user, read) {
      const balances = answers.keptFor(user.id, balancePath);
      const histories = answers.keptFor(user.id, historyPath).flatMap((kept) => {
        const query = transactionsQuery.safeParse(kept.query);
        return query.success ? [{ kept, query: query.data }] : [];
      });
      if (balances.length === 0 && histories.length === 0) return () => undefined;
      const { balance, version } = read;
      const pages: { kept: KeptAnswer; page: { json: string; keep(): void } }[] = [];
      for (const { kept, query } of histories) {
        const page = await historyPages.patched(executor, user, query, kept.language);
        if (page) pages.push({ kept, page });
      }
      return () => {
        for (const kept of balances) answers.offer(kept, version, { data: balance });
        for (const { kept, page } of pages) {
          page.keep();
          answers.offer(kept, version, new JsonText(page.json));
        }
      };
    },
  };
}
