import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#domain/locales';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import { operators } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { mailErrorSummary } from '../../mail/mailer';
import { operatorSignInFailuresMail } from '../../mail/templates';

/**
 * The per-account limit of operator sign-ins (docs/operators.md, Sign-in limits). The per-address
 * limits stop one address; this one stops many addresses guessing one account's password: after
 * `freeFailures` failures in a row, each further try waits 2, 4, 8… seconds, at most
 * `longestWaitSeconds`, counted in the database so that every instance sees the same count.
 */
export const signInLimits = { freeFailures: 3, longestWaitSeconds: 15 * 60, mailAfterFailures: 5 } as const;

/** The wait before the next try after this many failures in a row. */
export function waitAfterFailures(failures: number): number {
  if (failures <= signInLimits.freeFailures) return 0;
  // The exponent is capped first: a long run of failures never overflows.
  return Math.min(2 ** Math.min(failures - signInLimits.freeFailures, 30), signInLimits.longestWaitSeconds);
}

/**
 * Counts a try against the account before its password is checked, and answers its number in the
 * run of failures (a success clears the run). Counting first, in one conditional update, means
 * tries sent at once are counted one by one and cannot all slip in before the wait starts. While
 * the account waits, the try is refused (429, as the other limits) without reading the password.
 */
export async function claimSignInTry(db: Executor, operatorId: string, now: Date): Promise<number> {
  const at = now.toISOString();
  const next = sql`${operators.failedSignIns} + 1`;
  const exponent = sql`least(${next} - ${signInLimits.freeFailures}, 30)`;
  const [claimed] = await db
    .update(operators)
    .set({
      failedSignIns: sql`${next}`,
      signInBlockedUntil: sql`case when ${next} <= ${signInLimits.freeFailures} then null
        else ${at}::timestamptz + make_interval(secs => least(power(2::float8, ${exponent}), ${signInLimits.longestWaitSeconds})) end`,
    })
    .where(
      sql`${operators.id} = ${operatorId} and (${operators.signInBlockedUntil} is null or ${operators.signInBlockedUntil} <= ${at}::timestamptz)`,
    )
    .returning({ failures: operators.failedSignIns });
  if (claimed) return claimed.failures;
  const [row] = await db.select({ until: operators.signInBlockedUntil }).from(operators).where(eq(operators.id, operatorId));
  const waitMs = (row?.until?.getTime() ?? now.getTime()) - now.getTime();
  throw new ApiError(429, 'RATE_LIMITED', undefined, Math.max(1, Math.ceil(waitMs / 1000)));
}

/** A sign-in that proved who it is (password and code, or a passkey) ends the run of failures. */
export async function clearSignInFailures(db: Executor, operatorId: string): Promise<void> {
  await db
    .update(operators)
    .set({ failedSignIns: 0, signInBlockedUntil: null })
    .where(sql`${operators.id} = ${operatorId} and (${operators.failedSignIns} <> 0 or ${operators.signInBlockedUntil} is not null)`);
}

/** Who to tell when their account sees a run of failures. */
export interface SignInAlerts {
  repeatedFailures(operator: { email: string; name: string; language: Language | null }, failures: number): Promise<void>;
}

/**
 * Tells the operator by mail that their account saw `failures` failed sign-ins in a row, in their
 * language (else that of the console that tried). A mail that cannot be
 * sent is logged, never turned into another answer: the sign-in's answer stays the one refusal.
 */
export function signInAlertsByMail(
  context: Pick<AppContext, 'mailer'>,
  language: Language,
  log: Pick<FastifyBaseLogger, 'error'>,
): SignInAlerts {
  return {
    async repeatedFailures(operator, failures) {
      try {
        await context.mailer.send({
          to: operator.email,
          kind: 'operator-sign-in-failures',
          ...operatorSignInFailuresMail({ language: operator.language ?? language, name: operator.name, failures }),
        });
      } catch (error) {
        log.error({ err: mailErrorSummary(error) }, 'sign-in failures mail not sent');
      }
    },
  };
}
