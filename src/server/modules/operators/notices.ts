import { and, arrayContains, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Language } from '#domain/locales';
import { formatMoney, moneyFromMinor } from '#domain/money';
import { operatorNoticesSchema, type OperatorNotices } from '#domain/schemas/operator-notices';
import { operatorNoticesBody } from '#domain/schemas/operator-notices';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/client';
import { operators } from '../../db/schema';
import { errorAnswers } from '../../http/api-schemas';
import { ApiError } from '../../http/api-error';
import { currentActor, operatorOnlyAccess, registerOperatorScope } from '../../http/operator-access';
import { mailErrorSummary, type Mailer } from '../../mail/mailer';
import { operatorApprovalRequestMail, operatorDigestMail } from '../../mail/templates';
import type { ApprovalView } from '../audit/approvals';
import type { Actor } from '../audit/audit';
import { waitingWork } from './waiting-work';

/** When the digest goes out; tests read them, production keeps the defaults. */
export const digestRules = {
  /** No digest before this hour of the UTC day: it arrives for the morning in Europe, the end of the day in Japan. */
  fromHourUtc: 6,
  pollSeconds: 600,
} as const;

/** The locale an operator's mail formats amounts in. */
const mailLocale: Record<Language, string> = { en: 'en', fr: 'fr-FR', ja: 'ja-JP' };

function consoleLinks(publicUrl: string, page: string) {
  return { link: `${publicUrl}/ops/${page}`, settingsLink: `${publicUrl}/ops/` };
}

type NoticeContext = Pick<AppContext, 'db' | 'mailer' | 'config' | 'now'>;
interface NoticeLog {
  warn(details: object, message: string): void;
}

/** The calling operator's own row (the routes take sessions only, so a token never gets here). */
function operatorIdOf(actor: Actor): string {
  if (actor.kind !== 'operator' || actor.id === null) throw new ApiError(403, 'OPERATOR_ROLE_REQUIRED');
  return actor.id;
}

export async function operatorNotices(db: Database, operatorId: string): Promise<OperatorNotices> {
  const [row] = await db
    .select({ digest: operators.digestNotice, approvals: operators.approvalNotice })
    .from(operators)
    .where(eq(operators.id, operatorId));
  if (!row) throw new ApiError(403, 'OPERATOR_ROLE_REQUIRED');
  return row;
}

export async function setOperatorNotices(db: Database, operatorId: string, notices: OperatorNotices): Promise<OperatorNotices> {
  const [row] = await db
    .update(operators)
    .set({ digestNotice: notices.digest, approvalNotice: notices.approvals })
    .where(eq(operators.id, operatorId))
    .returning({ digest: operators.digestNotice, approvals: operators.approvalNotice });
  if (!row) throw new ApiError(403, 'OPERATOR_ROLE_REQUIRED');
  return row;
}

/**
 * A new request for a second operator, mailed to every other active operator who may approve it
 * (care) and asked for it at once. The requester is compared as a person, as approving compares
 * them: their own token's request does not mail them either. A failed send is logged; the request
 * stands and waits in the list and the digest.
 */
export async function mailApprovers(context: NoticeContext, log: NoticeLog, actor: Actor, approval: ApprovalView): Promise<void> {
  const approvers = await context.db
    .select({ id: operators.id, email: operators.email, name: operators.name, language: operators.language })
    .from(operators)
    .where(and(eq(operators.status, 'ACTIVE'), arrayContains(operators.roles, ['care']), eq(operators.approvalNotice, 'immediate')));
  const others = approvers.filter((approver) => `operator:${approver.id}` !== actor.person);
  await Promise.all(
    others.map(async (approver) => {
      const language = approver.language ?? 'en';
      const amount = formatMoney(moneyFromMinor(approval.amount_minor, approval.currency), mailLocale[language]);
      try {
        await context.mailer.send({
          to: approver.email,
          kind: 'operator-approval-request',
          ...operatorApprovalRequestMail({
            language,
            name: approver.name,
            requestedBy: approval.requested_by,
            amount,
            ...consoleLinks(context.config.publicUrl, 'approvals'),
          }),
        });
      } catch (error) {
        log.warn({ err: mailErrorSummary(error), operator: approver.id }, 'approval request mail not sent');
      }
    }),
  );
}

export interface OperatorDigests {
  /** One pass: mails today's digest to each operator who has none yet and something waiting. Answers how many were sent. */
  runDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The daily digest (docs/operators.md, Mails to operators). Each operator's day is claimed by a
 * conditional update before their mail goes out, so two instances, or a pass after a restart, never
 * send the same day twice; a send that fails after the claim is lost for that day (logged), never
 * repeated. A day with nothing waiting claims nothing: what arrives later that day is mailed then.
 */
export function createOperatorDigests(options: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
  log: NoticeLog;
}): OperatorDigests {
  const { db, mailer, now, log } = options;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;

  async function runDue(): Promise<number> {
    const at = now();
    if (at.getUTCHours() < digestRules.fromHourUtc) return 0;
    const day = at.toISOString().slice(0, 10);
    const due = await db
      .select({
        id: operators.id,
        email: operators.email,
        name: operators.name,
        language: operators.language,
        roles: operators.roles,
        approvalNotice: operators.approvalNotice,
      })
      .from(operators)
      .where(
        and(
          eq(operators.status, 'ACTIVE'),
          eq(operators.digestNotice, 'daily'),
          or(isNull(operators.lastDigestDay), lt(operators.lastDigestDay, day)),
        ),
      );
    let sent = 0;
    for (const operator of due) {
      const waiting = (await waitingWork(db, operator.roles)).filter(
        (entry) => entry.count > 0 && !(entry.area === 'approvals' && operator.approvalNotice === 'off'),
      );
      if (waiting.length === 0) continue;
      // One statement, its own transaction: the day is taken by whichever pass gets it first.
      const claimed = await db
        .update(operators)
        .set({ lastDigestDay: day })
        .where(and(eq(operators.id, operator.id), or(isNull(operators.lastDigestDay), ne(operators.lastDigestDay, day))))
        .returning({ id: operators.id });
      if (claimed.length === 0) continue;
      try {
        await mailer.send({
          to: operator.email,
          kind: 'operator-digest',
          ...operatorDigestMail({
            language: operator.language ?? 'en',
            name: operator.name,
            waiting,
            ...consoleLinks(options.publicUrl, ''),
          }),
        });
        sent += 1;
      } catch (error) {
        log.warn({ err: mailErrorSummary(error), operator: operator.id }, 'operator digest not sent');
      }
    }
    return sent;
  }

  const tick = () => {
    if (running) return;
    running = runDue()
      .catch((error: unknown) => log.warn({ err: error }, 'operator digests could not be sent'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    runDue,
    start() {
      timer = setInterval(tick, digestRules.pollSeconds * 1000);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/** GET and PUT /ops/me/notices: the mails the calling operator gets. */
export async function registerOperatorNoticeRoutes(instance: FastifyInstance, context: AppContext) {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  await registerOperatorScope(api, context, (ops) => {
    const anyPerson = operatorOnlyAccess('check-in', 'care', 'finance', 'content', 'admin');
    ops.get(
      '/me/notices',
      {
        schema: {
          summary: 'The mails the calling operator gets from the console: the daily digest and requests for a second operator',
          security: anyPerson,
          response: { 200: operatorNoticesSchema, ...errorAnswers(403) },
        },
      },
      async (request) => ({ data: await operatorNotices(context.db, operatorIdOf(currentActor(request))) }),
    );
    ops.put(
      '/me/notices',
      {
        schema: {
          summary: 'Choose the mails the calling operator gets from the console',
          security: anyPerson,
          body: operatorNoticesBody,
          response: { 200: operatorNoticesSchema, ...errorAnswers(400, 403) },
        },
      },
      async (request) => ({ data: await setOperatorNotices(context.db, operatorIdOf(currentActor(request)), request.body) }),
    );
  });
}
