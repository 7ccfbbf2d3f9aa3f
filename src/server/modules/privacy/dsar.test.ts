import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../testing/databases';
import { startTestSmtpServer, type TestSmtpServer } from '../../testing/smtp';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { operatorHeaders, testOperatorKey } from '../../testing/wallet';
import { dsarDueDate } from './dsar';

describe('dsarDueDate', () => {
  it.each([
    ['2026-03-15T10:00:00.000Z', '2026-04-15T10:00:00.000Z'],
    ['2026-01-31T08:30:00.000Z', '2026-02-28T08:30:00.000Z'],
    ['2028-01-31T08:30:00.000Z', '2028-02-29T08:30:00.000Z'],
    ['2026-08-31T23:59:00.000Z', '2026-09-30T23:59:00.000Z'],
    ['2026-12-20T00:00:00.000Z', '2027-01-20T00:00:00.000Z'],
  ])('one month after %s is %s', (received, due) => {
    expect(dsarDueDate(new Date(received)).toISOString()).toBe(due);
  });
});

describe.each(databaseKinds)("POST /api/v2/dsar and the operators' list on %s", (kind) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp(kind, { smtpUrl: smtp.url, env: { OPS_KEY: testOperatorKey, SUPPORT_EMAIL: 'privacy-team@roundtrip.test' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const file = (payload: unknown, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/v2/dsar', payload: payload as object, headers });
  const request = (overrides: Record<string, unknown> = {}) => ({
    kind: 'deletion',
    name: 'Camille Martin',
    email: `camille.${Math.random().toString(36).slice(2, 8)}@example.com`,
    country_code: 'fr',
    locale: 'fr-FR',
    message: 'Merci de supprimer mon compte.',
    ...overrides,
  });

  it('records a request from anyone, answers its one-month deadline, tells support and acknowledges to the requester', async () => {
    const body = request();
    const response = await file(body);
    expect(response.statusCode).toBe(201);
    const receipt = response.json().data;
    expect(receipt).toEqual({
      id: expect.any(String),
      kind: 'deletion',
      received_at: t.clock.now().toISOString(),
      due_at: expect.any(String),
    });
    expect(receipt.due_at).toBe(dsarDueDate(new Date(receipt.received_at)).toISOString());

    const support = await smtp.waitForMail('privacy-team@roundtrip.test', { match: (mail) => mail.text.includes(receipt.id) });
    expect(support.subject).toContain('deletion');
    expect(support.text).toContain(body.email);
    expect(support.text).toContain(`Answer by: ${receipt.due_at}`);
    expect(support.text).toContain('Merci de supprimer mon compte.');
    const acknowledgement = await smtp.waitForMail(body.email);
    expect(acknowledgement.subject).toBe('Nous avons bien reçu votre demande relative à vos données');
    expect(acknowledgement.text).toContain(receipt.id);
    expect(acknowledgement.text).toContain('la suppression de votre compte');

    const listed = await t.inject({ method: 'GET', url: '/api/v2/ops/dsar', headers: operatorHeaders });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toContainEqual(
      expect.objectContaining({
        id: receipt.id,
        kind: 'deletion',
        email: body.email,
        due_at: receipt.due_at,
        closed_at: null,
        overdue: false,
      }),
    );

    const closed = await t.inject({ method: 'POST', url: `/api/v2/ops/dsar/${receipt.id}/close`, headers: operatorHeaders });
    expect(closed.json().data.closed_at).toEqual(expect.any(String));
    const open = (await t.inject({ method: 'GET', url: '/api/v2/ops/dsar', headers: operatorHeaders })).json().data;
    expect(open.map((item: { id: string }) => item.id)).not.toContain(receipt.id);
    const all = (await t.inject({ method: 'GET', url: '/api/v2/ops/dsar?status=all', headers: operatorHeaders })).json().data;
    expect(all.map((item: { id: string }) => item.id)).toContain(receipt.id);
  });

  it('marks a request overdue once its month has passed', async () => {
    const { id } = (await file(request({ kind: 'access' }))).json().data;
    t.clock.advance(32 * 24 * 3600);
    const listed = (await t.inject({ method: 'GET', url: '/api/v2/ops/dsar', headers: operatorHeaders })).json().data;
    expect(listed).toContainEqual(expect.objectContaining({ id, overdue: true }));
  });

  it.each([
    ['no kind', { kind: undefined }, { kind: 'required' }],
    ['an unknown kind', { kind: 'everything' }, { kind: 'invalidValue' }],
    ['a bad email', { email: 'not-an-email' }, { email: 'emailInputError' }],
    ['no name', { name: ' ' }, { name: 'required' }],
    ['a huge message', { message: 'x'.repeat(2001) }, { message: 'tooLong' }],
    ['an unknown field', { user_id: 'x' }, { user_id: 'unknownField' }],
  ])('answers 400 for %s', async (_label, overrides, fields) => {
    const response = await file(request(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields });
  });

  it("keeps the operators' list behind the key", async () => {
    expect((await t.inject({ method: 'GET', url: '/api/v2/ops/dsar' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: '/api/v2/ops/dsar/not-a-uuid/close', headers: operatorHeaders })).statusCode).toBe(400);
    expect(
      (await t.inject({ method: 'POST', url: '/api/v2/ops/dsar/00000000-0000-4000-8000-000000000000/close', headers: operatorHeaders }))
        .statusCode,
    ).toBe(404);
  });
});
