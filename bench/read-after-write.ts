// The first read after a write, as a customer at the counter feels it: the operator adjusts the
// balance (ops API), then the customer reads the balance and the history, and both must already
// show that adjustment. 16 workers, each doing that in a loop, on a database of many customers
// with a past (one with 1,000 history rows, the app's whole page). Beside it, in the same run and
// from the same server: /healthz in the same loop, and the same reads with no write before them
// (the answers kept per data version).
//   npx tsx bench/read-after-write.ts [pglite|postgres]   (postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL)
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Agent } from 'node:http';
import { openDatabase, type Database } from '../src/server/db/client';
import { users } from '../src/server/db/schema';
import { loadConfig } from '../src/server/config';
import { startSession } from '../src/server/modules/accounts/sessions';
import { seedCatalogue } from '../src/server/modules/wallet/catalogue';
import { startServer } from '../scripts/server-process';
import { freshDatabase, type BenchDatabaseKind } from './databases';
import { decoded, keepAliveAgent, timedCall, type CallOutcome, type TimedAnswer } from './http-client';
import { seedHistory } from './seed-history';
import { latencyOf, type Latency } from './stats';

export const workers = 16;
/** The app asks for the whole first page of the history: 1,000 rows. */
const historyPath = '/api/v2/merged_transactions?items_per_page=1000&page=1';
const balancePath = '/api/v2/user/balance';
const heavyRows = 1_000;
const otherCustomers = 249;
const operatorKey = 'bench-read-after-write-operator-key';
/** What a browser sends: the server picks one of these. */
const acceptEncoding = 'gzip, deflate, br';

/** One call's latency over the answers that were 2xx; the others counted apart, never in the latency. */
export interface CallFigures extends Latency {
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface ReadAfterWriteCase {
  name: string;
  /** How many customers the workers' rounds went to (1: all on the 1,000-row customer). */
  customers: number;
  rounds: number;
  write: CallFigures;
  balance: CallFigures;
  history: CallFigures;
  /** Reads that did not show the write just before them: any is a failure. */
  violations: { balance: number; history: number };
}

export interface ReadAfterWriteRun {
  database: BenchDatabaseKind;
  workers: number;
  seconds: number;
  /** The same server's /healthz, in the same loop of three calls, just before. */
  healthz: CallFigures;
  /** The 1,000-row customer's balance and history with no write before them (answers kept). */
  unchanged: { balance: CallFigures; history: CallFigures };
  cases: ReadAfterWriteCase[];
}

interface Customer {
  id: string;
  authorization: string;
}

/** Collects one call's outcomes. */
class CallLog {
  private readonly durations: number[] = [];
  private non2xx = 0;
  private errors = 0;
  private timeouts = 0;

  /** A 2xx answer, or undefined (counted). */
  take(outcome: CallOutcome): TimedAnswer | undefined {
    if (outcome.kind === 'error') this.errors += 1;
    else if (outcome.kind === 'timeout') this.timeouts += 1;
    else if (outcome.answer.status < 200 || outcome.answer.status > 299) this.non2xx += 1;
    else {
      this.durations.push(outcome.answer.ms);
      return outcome.answer;
    }
    return undefined;
  }

  figures(): CallFigures {
    return { ...latencyOf(this.durations), non2xx: this.non2xx, errors: this.errors, timeouts: this.timeouts };
  }
}

/** Runs `round` on every worker until the time is up. */
async function loop(seconds: number, round: (worker: number, index: number) => Promise<void>): Promise<number> {
  const deadline = performance.now() + seconds * 1000;
  let rounds = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let index = 0; performance.now() < deadline; index += 1) {
        await round(worker, index);
        rounds += 1;
      }
    }),
  );
  return rounds;
}

/** The balance of a `{ data: { balance: Money } }` answer, in minor units. */
function balanceMinor(body: Buffer): number | undefined {
  const parsed: unknown = JSON.parse(body.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || !('data' in parsed)) return undefined;
  const { data } = parsed;
  if (typeof data !== 'object' || data === null || !('balance' in data)) return undefined;
  const { balance } = data;
  if (typeof balance !== 'object' || balance === null || !('value' in balance) || typeof balance.value !== 'string') return undefined;
  // A decimal string of major units; cents survive the float (balances here stay far below 2^53 cents).
  return Math.round(Number(balance.value) * 100);
}

/** Whether a history page has a row with this comment. */
function historyHasComment(body: Buffer, comment: string): boolean {
  const parsed: unknown = JSON.parse(body.toString('utf8'));
  if (typeof parsed !== 'object' || parsed === null || !('data' in parsed) || !Array.isArray(parsed.data)) return false;
  const rows: unknown[] = parsed.data;
  return rows.some((row) => typeof row === 'object' && row !== null && 'comment' in row && row.comment === comment);
}

async function writeThenRead(
  baseUrl: string,
  agent: Agent,
  pick: (worker: number, index: number) => Customer,
  name: string,
  customers: number,
  seconds: number,
): Promise<ReadAfterWriteCase> {
  const write = new CallLog();
  const balance = new CallLog();
  const history = new CallLog();
  // Checked after the load, so that decompressing and parsing 500 KB pages does not take the server's CPU.
  const checks: { balance: () => boolean; history: () => boolean }[] = [];
  const rounds = await loop(seconds, async (worker, index) => {
    const customer = pick(worker, index);
    const comment = `read-after-write ${worker}.${index} ${randomUUID().slice(0, 8)}`;
    const written = write.take(
      await timedCall(agent, `${baseUrl}/api/v2/ops/adjustments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ops-key': operatorKey },
        body: JSON.stringify({ id: randomUUID(), user_id: customer.id, amount: '0.01', comment }),
      }),
    );
    if (!written) return;
    const headers = { authorization: customer.authorization, 'accept-encoding': acceptEncoding };
    const balanceAnswer = balance.take(await timedCall(agent, baseUrl + balancePath, { headers }));
    const historyAnswer = history.take(await timedCall(agent, baseUrl + historyPath, { headers }));
    checks.push({
      // Every adjustment adds: a balance read after this write can only be this one's or higher.
      balance: () => {
        const floor = balanceMinor(decoded(written));
        return !balanceAnswer || (floor !== undefined && (balanceMinor(decoded(balanceAnswer)) ?? -1) >= floor);
      },
      history: () => !historyAnswer || historyHasComment(decoded(historyAnswer), comment),
    });
  });
  const violations = {
    balance: checks.filter((check) => !check.balance()).length,
    history: checks.filter((check) => !check.history()).length,
  };
  return { name, customers, rounds, write: write.figures(), balance: balance.figures(), history: history.figures(), violations };
}

/** A customer with `rows` history rows and a live access token. */
async function seedCustomer(db: Database, index: number, rows: number): Promise<Customer> {
  const [user] = await db
    .insert(users)
    .values({
      email: `raw.${index}@bench.example`,
      name: 'Bench Customer',
      countryCode: 'us',
      locale: 'en-US',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user inserted');
  await seedHistory(db, user.id, rows);
  const tokens = await startSession({ config: loadConfig({}), db, now: () => new Date() }, user.id, 'bench');
  return { id: user.id, authorization: `Bearer ${tokens.access_token}` };
}

export async function benchReadAfterWrite(options: {
  kind: BenchDatabaseKind;
  postgresUrl: string | undefined;
  seconds: number;
  log: (line: string) => void;
}): Promise<ReadAfterWriteRun> {
  const database = await freshDatabase(options.kind, options.postgresUrl);
  try {
    options.log(`read-after-write (${options.kind}): ${otherCustomers + 1} customers, one with ${heavyRows} history rows`);
    // The server is not running yet: the seeding may hold the embedded folder.
    const handle = await openDatabase(database.target);
    let heavy: Customer;
    const others: Customer[] = [];
    try {
      await seedCatalogue(handle.db);
      heavy = await seedCustomer(handle.db, 0, heavyRows);
      // 100 to 300 rows each, so their pages differ in size as real customers' do.
      for (let index = 1; index <= otherCustomers; index += 1)
        others.push(await seedCustomer(handle.db, index, 100 + ((index * 37) % 201)));
      await handle.db.execute(sql`analyze`);
    } finally {
      await handle.close();
    }
    const server = await startServer(
      'src/server/main.ts',
      { ...database.env, STATIC_DIR: path.join(database.dataDir, 'no-build'), SEED_DEMO: 'false', OPS_KEY: operatorKey },
      '/readyz',
      18_096,
    );
    const agent = keepAliveAgent(workers);
    try {
      const seconds = options.seconds;
      options.log(`read-after-write (${options.kind}): /healthz baseline`);
      const healthzLog = new CallLog();
      await loop(seconds, async () => {
        for (let call = 0; call < 3; call += 1) healthzLog.take(await timedCall(agent, `${server.url}/healthz`));
      });
      const headers = { authorization: heavy.authorization, 'accept-encoding': acceptEncoding };
      options.log(`read-after-write (${options.kind}): the same reads with no write before them`);
      const unchangedBalance = new CallLog();
      const unchangedHistory = new CallLog();
      await loop(seconds, async () => {
        unchangedBalance.take(await timedCall(agent, server.url + balancePath, { headers }));
        unchangedHistory.take(await timedCall(agent, server.url + historyPath, { headers }));
      });
      options.log(`read-after-write (${options.kind}): write, then read, all on the ${heavyRows}-row customer`);
      const onHeavy = await writeThenRead(server.url, agent, () => heavy, `one customer with ${heavyRows} history rows`, 1, seconds);
      const everyone = [heavy, ...others];
      // Each customer has had the app open before (its balance and history read once, as the app's
      // account page does), as at a counter: the figure is the read after a write, not a first
      // visit. Until 2026-11-26 (raw3) only the history was read here, so each customer's first
      // balance in the rounds below was a first visit's, computed behind 16 writers.
      let next = 0;
      await Promise.all(
        Array.from({ length: workers }, async () => {
          for (let customer = everyone[next++]; customer; customer = everyone[next++]) {
            const headers = { authorization: customer.authorization, 'accept-encoding': acceptEncoding };
            await timedCall(agent, server.url + balancePath, { headers });
            await timedCall(agent, server.url + historyPath, { headers });
          }
        }),
      );
      options.log(`read-after-write (${options.kind}): write, then read, spread over ${everyone.length} customers`);
      // Each worker walks the customers from its own start, so at any moment they are on different ones.
      const spread = await writeThenRead(
        server.url,
        agent,
        (worker, index) => everyone[(worker * 17 + index) % everyone.length]!,
        `${everyone.length} customers (100 to ${heavyRows} rows)`,
        everyone.length,
        seconds,
      );
      return {
        database: options.kind,
        workers,
        seconds,
        healthz: healthzLog.figures(),
        unchanged: { balance: unchangedBalance.figures(), history: unchangedHistory.figures() },
        cases: [onHeavy, spread],
      };
    } finally {
      agent.destroy();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const kind = process.argv[2] === 'postgres' ? 'postgres' : 'pglite';
  const run = await benchReadAfterWrite({
    kind,
    postgresUrl: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(run, null, 2)}\n`);
}
