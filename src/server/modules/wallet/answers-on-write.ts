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
   * balanceAndVersion read after it): the balance and history answers this process keeps for them,
   * recomputed as of the version that change made, so that the customer's next read here needs no
   * database (on the embedded database, no turn behind the other writes). Call `keep` once the
   * transaction committed, and `drop` if it did not (the next write would make that version number
   * again): reads of this process that find the new version before then wait for one of them
   * (CustomerAnswers.expect). Other instances are not told: their next read sees the new version in
   * the database and computes.
   */
  recompute(executor: Executor, user: { id: string; currency: Currency }, read: BalanceAndVersion): Promise<AnswersOfWrite>;
}

/** What a writer does with the answers it recomputed, once its transaction has ended. */
export interface AnswersOfWrite {
  keep(): void;
  drop(): void;
}

const nothingKept: AnswersOfWrite = { keep: () => undefined, drop: () => undefined };

export function createAnswersOnWrite(answers: CustomerAnswers, historyPages: HistoryPages): AnswersOnWrite {
  return {
    async recompute(executor, user, read) {
      const balances = answers.keptFor(user.id, balancePath);
      const histories = answers.keptFor(user.id, historyPath).flatMap((kept) => {
        const query = transactionsQuery.safeParse(kept.query);
        return query.success ? [{ kept, query: query.data }] : [];
      });
      if (balances.length === 0 && histories.length === 0) return nothingKept;
      const { balance, version } = read;
      const settle = answers.expect(user.id, version);
      const pages: { kept: KeptAnswer; page: { json: string; keep(): void } }[] = [];
      try {
        for (const { kept, query } of histories) {
          const page = await historyPages.patched(executor, user, query, kept.language);
          if (page) pages.push({ kept, page });
        }
      } catch (error) {
        settle();
        throw error;
      }
      return {
        keep() {
          for (const kept of balances) answers.offer(kept, version, { data: balance });
          for (const { kept, page } of pages) {
            page.keep();
            answers.offer(kept, version, new JsonText(page.json));
          }
          settle();
        },
        drop: settle,
      };
    },
  };
}
