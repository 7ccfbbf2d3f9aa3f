import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { withdrawals } from '../db/schema';
import { customer } from '../testing/accounts';
import { databaseKinds } from '../testing/databases';
import { createTestApp, type TestApp } from '../testing/test-app';
import { cliHeaders, createWalletTestApp, issue, operatorHeaders, postScan } from '../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../testing/withdrawals';
import type { CliCommandResult } from './commands-route';

function command(t: TestApp, body: unknown, headers: Record<string, string> = cliHeaders) {
  return t.inject({ method: 'POST', url: '/api/v2/ops/commands', headers, payload: body as Record<string, unknown> });
}

async function run(t: TestApp, argv: string[], extra: { files?: Record<string, string>; cwd?: string } = {}): Promise<CliCommandResult> {
  const response = await command(t, { argv, ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CliCommandResult }>().data;
}

describe.each(databaseKinds)('POST /ops/commands: the ops CLI run by the server (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('adjusts a balance the customer sees at once, and checks in a container the customer scanned', async () => {
    const person = await customer(t);
    const adjusted = await run(t, ['adjust', '--email', person.fields.email, '--amount', '2.50', '--comment', 'Goodwill']);
    expect(adjusted.exit_code).toBe(0);
    expect(JSON.parse(adjusted.stdout).adjustment.balance.value).toBe('2.50');
    const debited = await run(t, ['adjust', '--email', person.fields.email, '--amount', '-0.50', '--comment', 'Correction']);
    expect(JSON.parse(debited.stdout).adjustment.balance.value).toBe('2.00');

    const [code] = await issue(t, 'us-oat-milk-1l');
    expect((await postScan(t, person.headers, code!)).statusCode).toBe(201);
    const checkin = await run(t, ['checkin', code!]);
    expect(JSON.parse(checkin.stdout).checked_in).toEqual([expect.objectContaining({ code })]);

    const balance = await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers: person.headers });
    expect(balance.json().data).toMatchObject({ balance: { currency: 'USD', value: '2.75' }, returned_items: 1 });
  });

  it('answers usage mistakes and domain refusals as the CLI does: text on stderr, exit code 2', async () => {
    const unknown = await run(t, ['adjust', '--email', 'nobody@roundtrip.example', '--amount', '1.00', '--comment', 'x']);
    expect(unknown).toMatchObject({ exit_code: 2, stdout: '', stderr: 'NOT_FOUND: Not found\n' });
    const missing = await run(t, ['checkin']);
    expect(missing).toMatchObject({ exit_code: 2, stderr: 'checkin needs at least one code\n' });
    // Every --limit is read alike: a whole number within the command's bound, or its message.
    expect(await run(t, ['unscanned', '--limit', '0'])).toMatchObject({ exit_code: 2, stderr: 'unscanned takes --limit 1…1000\n' });
    expect(await run(t, ['content', 'missing', '--limit', '1001'])).toMatchObject({ exit_code: 2, stderr: '--limit is 1…1000\n' });
    expect(await run(t, ['audit', 'list', '--limit', '2.5'])).toMatchObject({
      exit_code: 2,
      stderr: '--limit is a whole number from 1 to 500\n',
    });
    expect((await run(t, ['unscanned', '--limit', '2'])).exit_code).toBe(0);
    const bogus = await run(t, ['bogus']);
    expect(bogus.exit_code).toBe(2);
    expect(bogus.stderr).toMatch(/^unknown command bogus\n/);
    const help = await run(t, ['help']);
    expect(help.exit_code).toBe(0);
    expect(help.stdout).toContain('npm run ops -- payouts export');
  });

  it('returns the files a command writes, at the path the operator named, and reads the input files sent along', async () => {
    const labels = await run(t, ['labels', '--product', 'us-oat-milk-1l', '--count', '2', '--out', 'sheets/oat.svg'], {
      cwd: '/home/operator',
    });
    expect(labels.exit_code).toBe(0);
    expect(labels.stdout).toMatch(/^Issued 2 codes for us-oat-milk-1l; label sheet: \/home\/operator\/sheets\/oat\.svg\n/);
    expect(labels.files).toEqual([{ name: '/home/operator/sheets/oat.svg', content: expect.stringContaining('<svg'), mode: 0o644 }]);

    const texts = JSON.stringify({ 'fr-FR': { faq: { 'fees.q': 'Des frais ?' } } });
    const imported = await run(t, ['content', 'import', 'texts.json', '--draft'], { files: { 'texts.json': texts } });
    expect(imported).toMatchObject({ exit_code: 0, stdout: '1 text(s) saved as drafts\n' });
    const notSent = await run(t, ['content', 'import', 'other.json']);
    expect(notSent).toMatchObject({ exit_code: 2, stderr: 'other.json is not readable JSON: not sent with the command\n' });

    const bins = 'id,country_code,lat,lng,details,retailer_id\nus-test-01,us,45.52,-122.68,By the door,corner-pantry\n';
    await run(t, ['bins', 'retailer', 'corner-pantry', '--name', 'Corner Pantry']);
    const dryRun = await run(t, ['bins', 'import', 'bins.csv', '--dry-run'], { files: { 'bins.csv': bins } });
    expect(dryRun).toMatchObject({ exit_code: 0, stdout: 'Dry run, nothing written: would add 1, would update 0, rejected 0.\n' });
  });

  it('exports payouts as files private to the operator, through the withdrawals module', async () => {
    const bank = await verifiedCustomer(t, { balance: '30.00' });
    await saveMethod(t, bank.headers, 'TRANSFERWISE', usBankAccount);
    const withdrawal = (await withdraw(t, bank.headers, { amount: '10.00' })).json().data;
    const listed = await run(t, ['payouts', 'list']);
    expect(listed.stdout).toContain(withdrawal.id);

    const exported = await run(t, ['payouts', 'export', '--out', 'payouts'], { cwd: '/srv/ops' });
    expect(exported.exit_code).toBe(0);
    const bankFile = exported.files.find((file) => file.name.startsWith('/srv/ops/payouts/nacha-ppd-credits-'));
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawal.id));
    expect(bankFile).toMatchObject({ mode: 0o600, content: expect.stringContaining(row!.payoutReference.slice(0, 15)) });
    expect(exported.stdout).toContain(`  ${bankFile!.name}\n`);

    const completed = await run(t, ['payouts', 'complete', withdrawal.id, '--reference', 'BATCH-1']);
    expect(JSON.parse(completed.stdout).withdrawal.status).toBe('COMPLETED');
  });

  it('validates its body: a 4xx in the API error shape, never a 500', async () => {
    for (const body of [
      {},
      { argv: [] },
      { argv: 'adjust' },
      { argv: ['products'], extra: 1 },
      { argv: ['products'], cwd: 'relative' },
      { argv: ['products'], files: { 'a.json': 3 } },
    ]) {
      const response = await command(t, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await command(t, { argv: ['products'] }, { 'x-ops-key': 'wrong-key-0123456789' })).statusCode).toBe(403);
    expect((await command(t, { argv: ['products'] }, {})).statusCode).toBe(401);
  });

  it('answers only the local key: OPS_KEY and a token with every role are refused, so files with bank details never reach a remote caller', async () => {
    const answer = await command(t, { argv: ['payouts', 'export'], cwd: '/tmp' }, operatorHeaders);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('LOCAL_CLI_ONLY');
    expect(answer.body).not.toContain('csv');
  });
});

describe('the local operator key (PGlite, OPS_KEY unset)', () => {
  const localKey = 'local-key-abcdefghijklmnopqrstuvwxyz0123456';
  let t: TestApp;
  let withoutKey: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { localOperatorKey: localKey });
    withoutKey = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
    await withoutKey.close();
  });

  const products = (app: TestApp, headers: Record<string, string>, remoteAddress?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v2/ops/commands',
      headers,
      payload: { argv: ['unscanned'] },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('is accepted from this machine only, and not through a proxy', async () => {
    expect((await products(t, { 'x-ops-key': localKey }, '127.0.0.1')).statusCode).toBe(200);
    expect((await products(t, { 'x-ops-key': localKey }, '::1')).statusCode).toBe(200);
    expect((await products(t, { 'x-ops-key': 'another-key' }, '127.0.0.1')).statusCode).toBe(403);
    // From elsewhere the local key is no key at all; a local proxy's relay is not local.
    expect((await products(t, { 'x-ops-key': localKey }, '203.0.113.9')).statusCode).toBe(403);
    expect((await products(t, { 'x-ops-key': localKey, 'x-forwarded-for': '203.0.113.9' }, '127.0.0.1')).statusCode).toBe(403);
    expect((await products(t, { 'x-ops-key': localKey, 'x-real-ip': '203.0.113.9' }, '::ffff:127.0.0.1')).statusCode).toBe(403);
    // The other operator routes share the guard.
    const checkin = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/checkins',
      headers: { 'x-ops-key': localKey },
      payload: { codes: ['X'] },
    });
    expect(checkin.statusCode).toBe(200);
  });

  it('refuses a key the server does not hold', async () => {
    expect((await products(withoutKey, { 'x-ops-key': localKey }, '127.0.0.1')).statusCode).toBe(403);
  });
});
