import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disputes, ledgerEntries, scans } from '../../db/schema';
import { bearer, customer, loginTokens, testPassword } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { cliHeaders, createWalletTestApp, issue, ops, operatorHeaders, postScan } from '../../testing/wallet';

/** A small camera JPEG that says where it was taken. */
const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#b33' } })
  .jpeg()
  .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' } })
  .toBuffer();
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]);
/** JPEG at its ends (start-of-image, a marker … end-of-image) and an SVG inside. */
const polyglot = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  Buffer.from([0xff, 0xd9]),
]);

/** What the server keeps of a photo: the same pixels' size, and no EXIF block. */
async function storedPhoto(bytes: Buffer) {
  const { format, width, height, exif } = await sharp(bytes).metadata();
  return { format, width, height, exif };
}
const storedJpeg = { format: 'jpeg', width: 40, height: 30, exif: undefined };

describe.each(databaseKinds)('disputes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Headers = Record<string, string>;
  const file = (headers: Headers, payload: Record<string, unknown>) =>
    t.inject({ method: 'POST', url: '/api/v2/disputes', headers, payload: { id: randomUUID(), reason: 'returned', ...payload } });
  const history = async (headers: Headers) =>
    (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers })).json().data as {
      id: string;
      status: string;
      dispute: { id: string; status: string; answer: string | null; credited: { value: string } | null } | null;
      disputable: boolean;
    }[];
  const balanceOf = async (headers: Headers) =>
    (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value as string;

  /** A customer's scan of a new container, rejected by the facility. */
  async function rejectedScan(headers: Headers) {
    const [code] = await issue(t, 'us-oat-milk-1l');
    const scan = (await postScan(t, headers, code!)).json().data as { id: string };
    expect((await ops(t, '/rejections', { codes: [code], reason: 'Cracked' })).statusCode).toBe(200);
    return { code: code!, scanId: scan.id, transactionId: `scan:${scan.id}` };
  }

  it('files a dispute on a rejected scan: the history row shows it open, the ETag changes, a resend is the same dispute', async () => {
    const { headers } = await customer(t);
    const { transactionId } = await rejectedScan(headers);
    expect((await history(headers)).find((row) => row.id === transactionId)).toMatchObject({
      status: 'REJECTED',
      dispute: null,
      disputable: true,
    });
    const before = await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers });

    const id = randomUUID();
    const filed = await file(headers, {
      id,
      transaction_id: transactionId,
      note: 'It was not cracked when I dropped it off.',
      photo: jpeg.toString('base64'),
    });
    expect(filed.statusCode).toBe(201);
    expect(filed.json().data).toMatchObject({
      id,
      status: 'OPEN',
      reason: 'returned',
      has_photo: true,
      transaction_ids: [transactionId],
      amount: { currency: 'USD', value: '0.75' },
      credited: null,
    });

    const cached = await t.inject({
      method: 'GET',
      url: '/api/v2/merged_transactions',
      headers: { ...headers, 'if-none-match': String(before.headers.etag) },
    });
    expect(cached.statusCode).toBe(200);
    expect(cached.headers.etag).not.toBe(before.headers.etag);
    expect(cached.json().data.find((row: { id: string }) => row.id === transactionId)).toMatchObject({
      dispute: { id, status: 'OPEN', answer: null },
      disputable: false,
    });

    const resent = await file(headers, { id, transaction_id: transactionId, note: 'It was not cracked when I dropped it off.' });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.id).toBe(id);
    const second = await file(headers, { transaction_id: transactionId });
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('DISPUTE_EXISTS');
    expect(await t.db.select().from(disputes).where(eq(disputes.id, id))).toHaveLength(1);
  });

  /** Time moved past the access token's life: sign in again. */
  const signIn = async (email: string) => bearer((await loginTokens(t, email)).access_token);

  it('takes a day of scans still pending after 32 days (they expire into disputed rows), refuses recent pending, credited and other people’s scans', async () => {
    const signedUp = await customer(t);
    let headers = signedUp.headers;
    const [old1, old2] = await issue(t, 'us-oat-milk-1l', 2);
    await postScan(t, headers, old1!);
    await postScan(t, headers, old2!);
    const pendingDay = (await history(headers)).find((row) => row.id.startsWith('scan-pending:'))!.id;

    const early = await file(headers, { transaction_id: pendingDay });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.code).toBe('DISPUTE_NOT_ALLOWED');

    t.clock.advance(33 * 86_400);
    headers = await signIn(signedUp.fields.email);
    const [fresh, credited] = await issue(t, 'us-oat-milk-1l', 2);
    await postScan(t, headers, fresh!);
    await postScan(t, headers, credited!);
    await ops(t, '/checkins', { codes: [credited] });
    const rows = await history(headers);
    const freshDay = rows.find((row) => row.id.startsWith('scan-pending:') && row.id !== pendingDay)!.id;
    expect((await file(headers, { transaction_id: freshDay })).json().error.code).toBe('DISPUTE_NOT_ALLOWED');
    const batch = rows.find((row) => row.id.startsWith('scan-batch:'))!;
    expect(batch.disputable).toBe(false);
    const [creditedScan] = await t.db.select().from(scans).where(eq(scans.containerCode, credited!));
    expect((await file(headers, { transaction_id: `scan:${creditedScan!.id}` })).json().error.code).toBe('DISPUTE_NOT_ALLOWED');

    const stranger = await customer(t);
    expect((await file(stranger.headers, { transaction_id: `scan:${creditedScan!.id}` })).statusCode).toBe(404);
    expect((await file(stranger.headers, { transaction_id: pendingDay })).statusCode).toBe(404);

    const filed = await file(headers, { transaction_id: pendingDay, reason: 'returned' });
    expect(filed.statusCode).toBe(201);
    expect(filed.json().data.amount.value).toBe('1.50');
    expect(filed.json().data.transaction_ids).toHaveLength(2);
    const after = await history(headers);
    expect(after.some((row) => row.id === pendingDay)).toBe(false);
    for (const id of filed.json().data.transaction_ids as string[]) {
      expect(after.find((row) => row.id === id)).toMatchObject({ status: 'CANCELLED', dispute: { status: 'OPEN' }, disputable: false });
    }
    // A late check-in of those containers credits nothing: the dispute is the only way their deposits come.
    const late = (await ops(t, '/checkins', { codes: [old1, old2] })).json().data;
    expect(late.checked_in).toEqual([]);
  });

  it('tells the phone when a day of pending scans may be disputed: 32 days after the latest arrived, not after its date', async () => {
    const person = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    // Scanned offline a week ago, received now.
    const receivedAt = t.clock.now();
    const scannedAt = new Date(receivedAt.getTime() - 7 * 86_400_000);
    expect((await postScan(t, person.headers, code!, { scannedAt })).statusCode).toBe(201);
    const rows = (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers: person.headers })).json().data as {
      id: string;
      disputable_from: string | null;
    }[];
    const day = rows.find((row) => row.id.startsWith('scan-pending:'));
    const from = new Date(day!.disputable_from!).getTime();
    const expected = receivedAt.getTime() + 32 * 86_400_000;
    expect(Math.abs(from - expected)).toBeLessThan(60_000);
    // The server agrees: at 25 days from the scan's date the dispute is refused, at 32 from arrival it is taken.
    const signedIn = async () => bearer((await loginTokens(t, person.fields.email, person.fields.password)).access_token);
    t.clock.advance(25 * 86_400 - 7 * 86_400);
    const early = await file(await signedIn(), { transaction_id: day!.id });
    expect(early.json().error.code).toBe('DISPUTE_NOT_ALLOWED');
    t.clock.advance(14 * 86_400 + 120);
    expect((await file(await signedIn(), { transaction_id: day!.id })).statusCode).toBe(201);
  });

  it('refuses bad input with typed errors, never a 500', async () => {
    const { headers } = await customer(t);
    const { transactionId } = await rejectedScan(headers);
    const cases: [Record<string, unknown>, number, string, Record<string, string>?][] = [
      [{ transaction_id: transactionId, reason: 'angry' }, 400, 'VALIDATION_FAILED', { reason: 'invalidValue' }],
      [{ transaction_id: 'withdrawal:123' }, 400, 'VALIDATION_FAILED', { transaction_id: 'invalidValue' }],
      [{ transaction_id: 'scan-pending:0000-00-00' }, 400, 'VALIDATION_FAILED', { transaction_id: 'invalidValue' }],
      [{ transaction_id: 'scan-pending:2026-02-30' }, 400, 'VALIDATION_FAILED', { transaction_id: 'invalidValue' }],
      [{ transaction_id: transactionId, photo: png.toString('base64') }, 400, 'VALIDATION_FAILED', { photo: 'photoInvalid' }],
      [{ transaction_id: transactionId, photo: polyglot.toString('base64') }, 400, 'VALIDATION_FAILED', { photo: 'photoInvalid' }],
      [{ transaction_id: transactionId, photo: 'not base64!' }, 400, 'VALIDATION_FAILED', { photo: 'photoInvalid' }],
      [
        { transaction_id: transactionId, photo: Buffer.alloc(401 * 1024, 0xff).toString('base64') },
        400,
        'VALIDATION_FAILED',
        { photo: 'photoTooLarge' },
      ],
      [{ transaction_id: transactionId, note: 'x'.repeat(501) }, 400, 'VALIDATION_FAILED', { note: 'tooLong' }],
      [{ transaction_id: transactionId, id: 'nope' }, 400, 'VALIDATION_FAILED', { id: 'invalidValue' }],
      [{ transaction_id: `scan:${randomUUID()}` }, 404, 'NOT_FOUND'],
    ];
    for (const [payload, status, code, fields] of cases) {
      const response = await file(headers, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json().error.code).toBe(code);
      if (fields) expect(response.json().error.fields).toMatchObject(fields);
    }
    const oversized = await t.inject({
      method: 'POST',
      url: '/api/v2/disputes',
      headers,
      payload: { id: randomUUID(), transaction_id: transactionId, reason: 'returned', photo: 'A'.repeat(700 * 1024) },
    });
    expect(oversized.statusCode).toBe(400);
    expect(oversized.json().error.code).toBe('VALIDATION_FAILED');
    const other = await customer(t);
    const id = randomUUID();
    expect((await file(headers, { id, transaction_id: transactionId })).statusCode).toBe(201);
    const { transactionId: theirs } = await rejectedScan(other.headers);
    expect((await file(other.headers, { id, transaction_id: theirs })).json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await ops(t, '/disputes/not-a-uuid/credit', {})).statusCode).toBe(400);
    expect((await ops(t, `/disputes/${randomUUID()}/credit`, {})).statusCode).toBe(404);
  });

  it('allows 10 disputes a day per customer, then says so in the customer’s language', async () => {
    const { headers: firstHeaders, fields } = await customer(t);
    let headers = firstHeaders;
    const lines = [];
    for (let index = 0; index < 11; index += 1) lines.push(await rejectedScan(headers));
    for (const line of lines.slice(0, 10)) expect((await file(headers, { transaction_id: line.transactionId })).statusCode).toBe(201);
    const refused = await file({ ...headers, 'accept-language': 'fr-FR' }, { transaction_id: lines[10]!.transactionId });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: 'TOO_MANY_DISPUTES',
      message: 'Vous pouvez contester jusqu’à 10 retours par jour. Réessayez demain.',
    });
    t.clock.advance(86_400 + 60);
    headers = await signIn(fields.email);
    expect((await file(headers, { transaction_id: lines[10]!.transactionId })).statusCode).toBe(201);
  });

  it('credits exactly once under 10 parallel credits, and shows it on the history row', async () => {
    const { headers, user } = await customer(t);
    const { transactionId } = await rejectedScan(headers);
    const id = (await file(headers, { transaction_id: transactionId })).json().data.id as string;

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ops(t, `/disputes/${id}/credit`, { answer: 'Our mistake, sorry.' })),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json().data).toMatchObject({ status: 'CREDITED', credited: { value: '0.75' } });
    }
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, user.id), eq(ledgerEntries.kind, 'DISPUTE_CREDIT')));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.amountMinor).toBe(75);
    expect(await balanceOf(headers)).toBe('0.75');
    expect((await history(headers)).find((row) => row.id === transactionId)!.dispute).toMatchObject({
      status: 'CREDITED',
      answer: 'Our mistake, sorry.',
      credited: { value: '0.75' },
    });

    const uphold = await ops(t, `/disputes/${id}/uphold`, { answer: 'No' });
    expect(uphold.statusCode).toBe(409);
    expect(uphold.json().error.code).toBe('DISPUTE_NOT_OPEN');
    // The database refuses a second credit entry of the dispute, whoever writes it.
    await expect(
      t.db.insert(ledgerEntries).values({
        userId: user.id,
        amountMinor: 75,
        currency: 'USD',
        kind: 'DISPUTE_CREDIT',
        idempotencyKey: `dispute:${id}`,
        createdAt: t.clock.now(),
      }),
    ).rejects.toThrow();
    expect(await balanceOf(headers)).toBe('0.75');

    // The settlement is news for the customer, once, however many credits were asked for.
    const news = (await t.inject({ method: 'GET', url: '/api/v2/user/news', headers })).json().data as {
      kind: string;
      row_id: string;
      outcome: string | null;
      amount: { value: string } | null;
    }[];
    expect(news.filter((item) => item.kind === 'DISPUTE_RESOLVED')).toEqual([
      expect.objectContaining({
        kind: 'DISPUTE_RESOLVED',
        row_id: transactionId,
        outcome: 'credited',
        amount: { currency: 'USD', value: '0.75' },
      }),
    ]);
  });

  it('tells the customer when a dispute is upheld, with the answer as the reason', async () => {
    const { headers } = await customer(t);
    const { transactionId } = await rejectedScan(headers);
    const id = (await file(headers, { transaction_id: transactionId })).json().data.id as string;
    expect((await ops(t, `/disputes/${id}/uphold`, { answer: 'The container was cracked.' })).statusCode).toBe(200);
    const news = (await t.inject({ method: 'GET', url: '/api/v2/user/news', headers })).json().data as {
      kind: string;
      row_id: string;
      outcome: string | null;
      reason: string | null;
    }[];
    expect(news.filter((item) => item.kind === 'DISPUTE_RESOLVED')).toEqual([
      expect.objectContaining({ row_id: transactionId, outcome: 'upheld', reason: 'The container was cracked.' }),
    ]);
  });

  it('upholds with an answer; operators list open disputes oldest first, by API and CLI', async () => {
    const { headers } = await customer(t);
    const first = await rejectedScan(headers);
    const firstId = (await file(headers, { transaction_id: first.transactionId, note: 'first' })).json().data.id as string;
    t.clock.advance(60);
    const second = await rejectedScan(headers);
    const secondId = (await file(headers, { transaction_id: second.transactionId, photo: jpeg.toString('base64') })).json().data
      .id as string;

    const listed = (await t.inject({ method: 'GET', url: '/api/v2/ops/disputes', headers: operatorHeaders })).json().data as {
      id: string;
      created_at: string;
      scans: { code: string }[];
    }[];
    const order = listed.map((row) => row.id);
    expect(order.indexOf(firstId)).toBeLessThan(order.indexOf(secondId));
    expect([...listed].sort((a, b) => a.created_at.localeCompare(b.created_at)).map((row) => row.id)).toEqual(order);
    expect(listed.find((row) => row.id === firstId)!.scans[0]!.code).toBe(first.code);
    expect((await t.inject({ method: 'GET', url: '/api/v2/ops/disputes' })).statusCode).toBe(401);

    const photo = await t.inject({ method: 'GET', url: `/api/v2/ops/disputes/${secondId}/photo`, headers: operatorHeaders });
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(await storedPhoto(photo.rawPayload)).toEqual(storedJpeg);

    expect((await ops(t, `/disputes/${firstId}/uphold`, {})).json().error.fields).toEqual({ answer: 'required' });
    const upheld = await ops(t, `/disputes/${firstId}/uphold`, { answer: 'The photo from the facility shows a deep crack.' });
    expect(upheld.json().data).toMatchObject({
      status: 'UPHELD',
      credited: null,
      answer: 'The photo from the facility shows a deep crack.',
    });
    expect(await balanceOf(headers)).toBe('0.00');
    expect((await history(headers)).find((row) => row.id === first.transactionId)!.dispute).toMatchObject({
      status: 'UPHELD',
      answer: 'The photo from the facility shows a deep crack.',
    });

    const cli = await ops(t, '/commands', { argv: ['disputes', 'list'] }, cliHeaders);
    expect(cli.json().data.exit_code).toBe(0);
    expect(cli.json().data.stdout).toContain(secondId);
    expect(cli.json().data.stdout).not.toContain(firstId);
    const credited = await ops(t, '/commands', { argv: ['disputes', 'credit', secondId] }, cliHeaders);
    expect(credited.json().data.exit_code).toBe(0);
    expect(await balanceOf(headers)).toBe('0.75');
    const again = await ops(t, '/commands', { argv: ['disputes', 'uphold', secondId, '--answer', 'No'] }, cliHeaders);
    expect(again.json().data).toMatchObject({ exit_code: 2 });
    expect(again.json().data.stderr).toContain('DISPUTE_NOT_OPEN');
  });

  it('exports disputes with their photos; deletion waits for an open one, then erases them', async () => {
    const { headers, user } = await customer(t);
    const { transactionId } = await rejectedScan(headers);
    const id = (
      await file(headers, { transaction_id: transactionId, note: 'Left it at the bin on Main St', photo: jpeg.toString('base64') })
    ).json().data.id as string;

    const exported = (await t.inject({ method: 'GET', url: '/api/v2/user/export', headers })).json();
    expect(exported.disputes).toEqual([
      expect.objectContaining({
        id,
        status: 'OPEN',
        note: 'Left it at the bin on Main St',
        transaction_ids: [transactionId],
        photo_jpeg_base64: expect.any(String),
      }),
    ]);
    expect(await storedPhoto(Buffer.from(exported.disputes[0].photo_jpeg_base64, 'base64'))).toEqual(storedJpeg);

    const remove = () => t.inject({ method: 'DELETE', url: '/api/v2/user', headers, payload: { password: testPassword, confirm: true } });
    const blocked = await remove();
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error.code).toBe('OPEN_DISPUTE');
    await ops(t, `/disputes/${id}/uphold`, { answer: 'Sorry, the container was cracked.' });
    expect((await remove()).statusCode).toBe(200);
    expect(await t.db.select().from(disputes).where(eq(disputes.userId, user.id))).toEqual([]);
  });
});
