import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { demoOriginators } from '../modules/withdrawals/bank-files/originators';
import type { Database, DatabaseHandle } from '../db/client';
import { defaultLimitRules, type LimitRules } from '../http/rate-limit';
import type { LogDestination } from '../http/request-log';
import type { NotificationDispatcher } from '../modules/notifications/dispatcher';
import type { PushResolver } from '../modules/notifications/push-endpoints';
import { ensureLocalVapidKeys, type VapidKeys } from '../modules/notifications/vapid';
import { ensureLocalAuditKey } from '../modules/audit/signing-key';
import { checkAnswers } from './answer-contract';
import { createTestDatabase, type DatabaseKind } from './databases';

/** A clock the test moves forward to expire codes, links and tokens. */
export interface TestClock {
  now(): Date;
  advance(seconds: number): void;
}

export function createTestClock(start = new Date()): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(start.getTime() + offsetMs),
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
  };
}

/** Limits loose enough that a suite sharing one app never meets them by accident. */
export const looseLimitRules: LimitRules = Object.fromEntries(
  Object.entries(defaultLimitRules).map(([name, rule]) => [
    name,
    { ...rule, points: name === 'verificationCodesPerHour' ? rule.points : 10_000 },
  ]),
) as LimitRules;

export interface TestAppOptions {
  smtpUrl?: string;
  limitRules?: Partial<LimitRules>;
  env?: Record<string, string>;
  /** The operator key a PGlite server keeps in DATA_DIR for the CLI (accepted from loopback only). */
  localOperatorKey?: string;
  /** An open database to share with other instances (the caller closes it); default: a fresh one. */
  database?: DatabaseHandle;
  /** Redis key prefix of the rate-limit counters (instances sharing counters share it). */
  rateLimitPrefix?: string;
  /** Web Push keys; default: a pair made in the test's DATA_DIR, as a local server does. False: push off. */
  vapid?: VapidKeys | false;
  /** Resolves push hosts; default: `localhost` only, so that no test ever asks real DNS. */
  pushResolver?: PushResolver;
  /** Where the server's log lines go (info and above); default: no log. */
  logStream?: LogDestination;
}

/** The tests' resolver: this machine's name, and nothing else (a test never reaches outside loopback). */
export const loopbackOnlyResolver: PushResolver = async (hostname) => {
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`test resolver: ${hostname} is not resolved in tests`), { code: 'ENOTFOUND' });
};

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  clock: TestClock;
  publicUrl: string;
  /** News delivery: tests call deliverDue() themselves (nothing runs in the background). */
  notifications: NotificationDispatcher;
  vapid: VapidKeys | undefined;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export const testPublicUrl = 'https://roundtrip.test';

/** The whole server on a fresh database: temp DATA_DIR, no static app, no log, a movable clock. */
export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-static-build'),
    PUBLIC_URL: testPublicUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    // As a deployment configures it: the audit checkpoints' key in a file outside the database.
    ...(options.env?.AUDIT_SIGNING_KEY ? {} : { AUDIT_SIGNING_KEY_FILE: ensureLocalAuditKey(dataDir).file }),
    // As a deployment configures them: the programme's own account per market, for the bank files.
    ...Object.fromEntries(
      Object.entries(demoOriginators).map(([market, originator]) => [
        `PAYOUT_ORIGINATOR_${market.toUpperCase()}`,
        JSON.stringify(originator),
      ]),
    ),
    ...options.env,
  });
  const shared = options.database;
  const database = shared ?? (await createTestDatabase(kind));
  const clock = createTestClock();
  const vapid =
    options.vapid === false ? undefined : (options.vapid ?? { ...ensureLocalVapidKeys(dataDir), subject: 'mailto:push@roundtrip.test' });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      db: database.db,
      // As in main.ts: the embedded database's change feed, so tests cover the in-process checks.
      ...(database.listen ? { listen: database.listen.bind(database) } : {}),
      ...(database.checksDb ? { checksDb: database.checksDb } : {}),
      limitRules: { ...looseLimitRules, ...options.limitRules },
      ...(options.rateLimitPrefix ? { rateLimitPrefix: options.rateLimitPrefix } : {}),
      now: () => clock.now(),
      logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
      ...(options.localOperatorKey ? { localOperatorKey: options.localOperatorKey } : {}),
      ...(vapid ? { vapid } : {}),
      pushResolver: options.pushResolver ?? loopbackOnlyResolver,
      notificationDelivery: 'manual',
      auditCheckpoints: 'manual',
      operatorDigests: 'manual',
    });
  } catch (error) {
    if (!shared) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Every answer is checked against what its route declares (status and body): each server test is a contract test.
  const contract = checkAnswers(app);
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    clock,
    publicUrl: testPublicUrl,
    notifications: app.notifications,
    vapid,
    async inject(injectOptions) {
      const response = await app.inject(injectOptions);
      const violation = contract.take(response.raw.req);
      if (violation) throw new Error(`The answer breaks the API description: ${violation}`);
      return response;
    },
    async close() {
      await app.close();
      const violations = contract.remaining();
      if (!shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (violations.length > 0) throw new Error(`Answers broke the API description:\n${violations.join('\n')}`);
    },
  };
}
