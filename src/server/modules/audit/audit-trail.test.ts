import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '#domain/schemas/operators';
import { rowsOf } from '../../db/client';
import type { CliCommandResult } from '../../operator-cli/commands-route';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import { signedInOperator } from '../../testing/operators';
import type { TestApp } from '../../testing/test-app';
import { cliHeaders, createWalletTestApp, operatorHeaders } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { verifyAuditChain } from './audit';

async function cli(t: TestApp, argv: string[]): Promise<CliCommandResult> {
  const response = await t.inject({ method: 'POST', url: '/api/v2/ops/commands', headers: cliHeaders, payload: { argv } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CliCommandResult }>().data;
}

describe.each(databaseKinds)('the audit trail answers what people ask of it (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const trail = async (query: string, headers: Record<string, string> = operatorHeaders): Promise<AuditPage> => {
    const response = await t.inject({ method: 'GET', url: `/api/v2/ops/audit?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditPage>();
  };
  const actions = (entries: readonly AuditEntry[]) => entries.map((entry) => entry.action);

  it('audit list prints amounts in the currency, not in minor units', async () => {
    const person = await customer(t);
    expect((await cli(t, ['adjust', '--email', person.fields.email, '--amount', '1.20', '--comment', 'Goodwill'])).exit_code).toBe(0);
    const listed = await cli(t, ['audit', 'list', '--limit', '1']);
    expect(listed.exit_code).toBe(0);
    expect(listed.stdout).toContain('+$1.20');
    expect(listed.stdout).not.toMatch(/\b120\b/);
  });

  it('numbers entries one by one, and the chain still holds', async () => {
    const person = await customer(t);
    for (const amount of ['1.00', '2.00', '3.00']) {
      expect((await cli(t, ['adjust', '--email', person.fields.email, '--amount', amount, '--comment', 'x'])).exit_code).toBe(0);
    }
    const seqs = (await trail(`subject=${encodeURIComponent(person.fields.email)}`)).data.map((entry) => entry.seq);
    expect(seqs).toHaveLength(3);
    expect(seqs[0]! - seqs[1]!).toBe(1);
    expect(seqs[1]! - seqs[2]!).toBe(1);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('names the customer an adjustment is about, finds them by email or id, and signs the amount by its direction', async () => {
    const person = await customer(t);
    const other = await customer(t);
    await cli(t, ['adjust', '--email', person.fields.email, '--amount', '2.50', '--comment', 'Goodwill']);
    await cli(t, ['adjust', '--email', person.fields.email, '--amount', '-0.50', '--comment', 'Correction']);
    await cli(t, ['adjust', '--email', other.fields.email, '--amount', '4.00', '--comment', 'Other']);

    const byEmail = await trail(`subject=${encodeURIComponent(person.fields.email.toUpperCase())}`);
    expect(
      byEmail.data.map((entry) => [entry.action, entry.subject.type, entry.subject.label, entry.direction, entry.amount_minor]),
    ).toEqual([
      ['balance.adjust', 'customer', person.fields.email, 'debit', 50],
      ['balance.adjust', 'customer', person.fields.email, 'credit', 250],
    ]);
    const id = byEmail.data[0]!.subject.id;
    expect((await trail(`subject=${id}`)).data.map((entry) => entry.seq)).toEqual(byEmail.data.map((entry) => entry.seq));
    expect((await trail('subject=nobody%40roundtrip.test')).data).toEqual([]);

    const printed = await cli(t, ['audit', 'list', '--subject', person.fields.email]);
    expect(printed.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(new RegExp(`balance\\.adjust  customer:${person.fields.email.replace(/[.+]/g, '\\$&')}  .*-\\$0\\.50`)),
      expect.stringMatching(/balance\.adjust .*\+\$2\.50/),
    ]);
  });

  it('finds an operator by any part of their email or name, and shows what they changed, from and to', async () => {
    const finn = await signedInOperator(t, ['admin'], `finn.okafor-${crypto.randomUUID().slice(0, 8)}@roundtrip.test`, 'Finn Okafor');
    const colleague = await signedInOperator(t, ['care']);
    const changed = await t.inject({
      method: 'PUT',
      url: `/api/v2/ops/operators/${colleague.id}/roles`,
      headers: finn.headers,
      payload: { roles: ['care', 'finance'] },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    for (const actor of ['Finn Okafor', 'finn', 'OKAFOR', finn.email]) {
      const found = await trail(`actor=${encodeURIComponent(actor)}`);
      // Finn's own acceptance of the invitation is theirs too.
      expect(actions(found.data), actor).toEqual(['operator.roles', 'operator.accept']);
      expect(found.data[0]).toMatchObject({ actor: finn.email, actor_name: 'Finn Okafor' });
    }
    const [entry] = (await trail(`subject=${colleague.id}&action=operator.roles`)).data;
    expect(entry).toMatchObject({
      subject: { type: 'operator', id: colleague.id, label: `${colleague.email} (Op)` },
      detail: { previous_roles: ['care'], roles: ['care', 'finance'] },
    });
    // The family of an action finds its members.
    expect(actions((await trail(`actor=finn&action=operator`)).data)).toEqual(['operator.roles', 'operator.accept']);
    expect(actions((await trail(`actor=finn&action=operator.roles`)).data)).toEqual(['operator.roles']);
    // LIKE's own characters are taken as they are.
    expect((await trail('actor=%25')).data).toEqual([]);
  });

  it("finds a payout's entries by its reference and its id; a completed payout is money leaving the customer", async () => {
    const bank = await verifiedCustomer(t, { balance: '30.00' });
    await saveMethod(t, bank.headers, 'TRANSFERWISE', usBankAccount);
    const made = (await withdraw(t, bank.headers, { amount: '10.00' })).json().data as { id: string };
    const [withdrawal] = rowsOf<{ id: string; payout_reference: string }>(
      await t.db.execute(sql`SELECT id::text AS id, payout_reference FROM withdrawals WHERE id = ${made.id}`),
    );
    if (!withdrawal) throw new Error('no withdrawal');
    expect((await cli(t, ['payouts', 'export', '--out', 'payouts'])).exit_code).toBe(0);
    expect((await cli(t, ['payouts', 'complete', withdrawal.id, '--reference', 'BANK-1'])).exit_code).toBe(0);

    const byReference = await trail(`record=${withdrawal.payout_reference}`);
    expect(actions(byReference.data)).toEqual(['payout.complete', 'payouts.export']);
    expect(byReference.data[0]).toMatchObject({
      direction: 'debit',
      amount_minor: 1000,
      subject: { type: 'customer', label: bank.fields.email },
    });
    expect(actions((await trail(`record=${withdrawal.id}`)).data)).toEqual(['payout.complete', 'payouts.export']);
    const printed = await cli(t, ['audit', 'list', '--record', withdrawal.payout_reference, '--action', 'payout.complete']);
    expect(printed.stdout).toMatch(/payout\.complete .*-\$10\.00/);
    expect(printed.stdout).not.toContain('+$10.00');
  });

  it('pages with a cursor, refuses a bad one with a code, and narrows by days', async () => {
    const person = await customer(t);
    for (const amount of ['1.00', '2.00', '3.00', '4.00', '5.00']) {
      await cli(t, ['adjust', '--email', person.fields.email, '--amount', amount, '--comment', 'x']);
    }
    const subject = `subject=${encodeURIComponent(person.fields.email)}`;
    const first = await trail(`${subject}&limit=2`);
    expect(first.data.map((entry) => entry.amount_minor)).toEqual([500, 400]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await trail(`${subject}&limit=2&cursor=${first.next_cursor}`);
    expect(second.data.map((entry) => entry.amount_minor)).toEqual([300, 200]);
    const last = await trail(`${subject}&limit=2&cursor=${second.next_cursor}`);
    expect(last.data.map((entry) => entry.amount_minor)).toEqual([100]);
    expect(last.next_cursor).toBeNull();

    for (const cursor of ['nonsense', '0', 'a1.-3', 'a1.0']) {
      const bad = await t.inject({ method: 'GET', url: `/api/v2/ops/audit?cursor=${cursor}`, headers: operatorHeaders });
      expect(bad.statusCode, cursor).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { cursor: 'invalidValue' } });
    }
    const badDay = await t.inject({ method: 'GET', url: '/api/v2/ops/audit?from=yesterday', headers: operatorHeaders });
    expect(badDay.statusCode).toBe(400);
    // ISO 8601 has a year 0 and JavaScript a year 10000; the database has neither: refused, not a 500.
    for (const bound of ['from=0000-02-29', 'to=9999-12-31', 'from=0001-01-01T00:30:00%2B01:00', 'to=%2B010000-01-01T00:00:00Z']) {
      const outOfRange = await t.inject({ method: 'GET', url: `/api/v2/ops/audit?${bound}`, headers: operatorHeaders });
      expect(outOfRange.statusCode, bound).toBe(400);
      expect(outOfRange.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [bound.split('=')[0]!]: 'invalidValue' } });
    }
    expect((await trail(`${subject}&from=0001-01-02&to=9999-12-30`)).data).toHaveLength(5);

    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await trail(`${subject}&from=${today}&to=${today}`)).data).toHaveLength(5);
    const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    expect((await trail(`${subject}&from=${tomorrow}`)).data).toEqual([]);
    const yesterday = new Date(t.clock.now().getTime() - 86_400_000).toISOString().slice(0, 10);
    expect((await trail(`${subject}&to=${yesterday}`)).data).toEqual([]);
  });

  it('exports the filtered trail as CSV that another parser reads back field for field', async () => {
    const person = await customer(t);
    await cli(t, ['adjust', '--email', person.fields.email, '--amount', '7.00', '--comment', 'x']);
    await cli(t, ['adjust', '--email', person.fields.email, '--amount', '-1.25', '--comment', 'Correction']);
    const response = await t.inject({
      method: 'GET',
      url: `/api/v2/ops/audit/export?subject=${encodeURIComponent(person.fields.email)}`,
      headers: operatorHeaders,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse<Record<string, string>>(response.body, { columns: true, record_delimiter: '\r\n' });
    const entries = (await trail(`subject=${encodeURIComponent(person.fields.email)}`)).data;
    expect(rows.map((row) => [row['seq'], row['action'], row['subject'], row['direction'], row['amount'], row['currency']])).toEqual([
      [String(entries[0]!.seq), 'balance.adjust', person.fields.email, 'debit', '-1.25', 'USD'],
      [String(entries[1]!.seq), 'balance.adjust', person.fields.email, 'credit', '7.00', 'USD'],
    ]);
    // The detail is JSON: commas and quotes inside one field.
    expect(response.body).toContain('"{""user_id"":');
    expect(JSON.parse(rows[1]!['detail']!)).toEqual(entries[1]!.detail);
    expect(rows[1]!['hash']).toBe(entries[1]!.hash);

    const printed = await cli(t, ['audit', 'list', '--subject', person.fields.email, '--csv', '--out', 'trail.csv']);
    expect(printed.stdout).toBe('Wrote 2 entries to trail.csv\n');
    expect(printed.files).toEqual([{ name: 'trail.csv', content: expect.any(String), mode: 0o600 }]);
    expect(parse(printed.files[0]!.content, { columns: true, record_delimiter: '\r\n' })).toEqual(rows);
  });
});
