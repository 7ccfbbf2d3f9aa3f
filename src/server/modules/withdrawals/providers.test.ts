import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, customerNews, withdrawals } from '../../db/schema';
import { ConfigError, loadConfig } from '../../config';
import type { CliCommandResult } from '../../operator-cli/commands-route';
import { databaseKinds } from '../../testing/databases';
import type { WebhookDelivery } from '../../testing/provider-double-http';
import { startPaypalDouble, type PaypalDouble } from '../../testing/paypal-double';
import type { TestApp } from '../../testing/test-app';
import { cliHeaders, createWalletTestApp } from '../../testing/wallet';
import { saveMethod, usBankAccount, verifiedCustomer, withdraw } from '../../testing/withdrawals';
import { startWiseDouble, type WiseDouble } from '../../testing/wise-double';
import { wiseTransactionId } from './wise';

async function run(t: TestApp, argv: string[]): Promise<CliCommandResult> {
  const response = await t.inject({
    method: 'POST',
    url: '/api/v2/ops/commands',
    headers: cliHeaders,
    payload: { argv, files: {}, cwd: '/srv/ops' },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CliCommandResult }>().data;
}

describe.each(databaseKinds)('payouts through Wise and PayPal, settled by their webhooks (%s)', (kind) => {
  let t: TestApp;
  let wise: WiseDouble;
  let paypal: PaypalDouble;
  beforeAll(async () => {
    wise = await startWiseDouble();
    paypal = await startPaypalDouble();
    t = await createWalletTestApp(kind, {
      PAYOUT_PROVIDER_TRANSFERWISE: 'wise',
      PAYOUT_PROVIDER_PAYPAL: 'paypal',
      ...wise.env(),
      ...paypal.env(),
    });
  });
  afterAll(async () => {
    await t?.close();
    await wise?.close();
    await paypal?.close();
  });

  const webhook = (provider: 'wise' | 'paypal', delivery: WebhookDelivery) =>
    t.inject({ method: 'POST', url: `/api/v2/webhooks/${provider}`, headers: delivery.headers, payload: delivery.body });
  const resultOf = async (provider: 'wise' | 'paypal', delivery: WebhookDelivery) => {
    const response = await webhook(provider, delivery);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { result: string } }>().data.result;
  };
  const payout = async (id: string) => (await t.db.select().from(withdrawals).where(eq(withdrawals.id, id)))[0]!;
  const balanceOf = async (headers: Record<string, string>) =>
    (await t.inject({ method: 'GET', url: '/api/v2/user/balance', headers })).json().data.balance.value as string;
  const auditCount = async (action: string, id: string) =>
    (
      await t.db
        .select()
        .from(auditEntries)
        .where(and(eq(auditEntries.action, action), eq(auditEntries.recordId, id)))
    ).length;
  const news = async (id: string) =>
    t.db
      .select()
      .from(customerNews)
      .where(eq(customerNews.rowId, `withdrawal:${id}`));

  it('Wise: export leaves bank payouts out; submit makes one funded transfer keyed by the payout reference, again none; paid once', async () => {
    const person = await verifiedCustomer(t, { balance: '30.00' });
    await saveMethod(t, person.headers, 'TRANSFERWISE', usBankAccount);
    const id = String((await withdraw(t, person.headers, { amount: '10.00' })).json().data.id);
    const reference = (await payout(id)).payoutReference;

    const exported = await run(t, ['payouts', 'export', '--out', 'payouts']);
    expect(exported.exit_code, exported.stderr).toBe(0);
    expect(exported.files.map((file) => file.content).join('')).not.toContain(reference);
    expect((await payout(id)).exportBatch).toBeNull();

    const submitted = await run(t, ['payouts', 'submit', 'transferwise']);
    expect(submitted.exit_code, submitted.stderr).toBe(0);
    const transfer = wise.transferFor(reference)!;
    expect(transfer).toMatchObject({ customerTransactionId: wiseTransactionId(reference), status: 'processing' });
    expect(transfer.targetAmount).toBe(Number((await payout(id)).amountMinor - (await payout(id)).feeMinor) / 100);
    expect((await payout(id)).providerReference).toBe(`wise:${transfer.id}`);
    const created = wise.state.transfersCreated;
    expect((await run(t, ['payouts', 'submit', 'transferwise'])).exit_code).toBe(0);
    expect(wise.state.transfersCreated).toBe(created);

    const sent = await wise.move(transfer.id, 'outgoing_payment_sent');
    expect(await resultOf('wise', sent)).toBe('settled');
    expect(await resultOf('wise', sent)).toBe('already_settled');
    expect((await payout(id)).status).toBe('COMPLETED');
    expect(await auditCount('payout.complete', id)).toBe(1);
    expect((await news(id)).map((entry) => entry.kind)).toEqual(['WITHDRAWAL_PAID']);
    expect(await balanceOf(person.headers)).toBe('20.00');

    // Paid here, bounced there later: a conflict for finance, never a reversal of a paid payout.
    expect(await resultOf('wise', await wise.move(transfer.id, 'bounced_back'))).toBe('conflict');
    expect((await payout(id)).status).toBe('COMPLETED');
    expect(await balanceOf(person.headers)).toBe('20.00');
  });

  it('Wise: a bounced transfer gives the money back once, told in French; a stale delivery after it changes nothing', async () => {
    const person = await verifiedCustomer(t, { balance: '20.00', overrides: { country_code: 'fr', locale: 'fr-FR', zip_code: '75001' } });
    await saveMethod(t, person.headers, 'TRANSFERWISE', {
      iban: 'FR7630006000011234567890189',
      name: 'Hélène Dupré',
      address: '1 rue Haute',
    });
    const id = String((await withdraw(t, person.headers, { amount: '15.00' })).json().data.id);
    expect((await run(t, ['payouts', 'submit'])).exit_code).toBe(0);
    const transfer = wise.transferFor((await payout(id)).payoutReference)!;
    const stale = await wise.move(transfer.id, 'funds_converted');
    const bounced = await wise.move(transfer.id, 'bounced_back');
    const refunded = await wise.move(transfer.id, 'funds_refunded');

    expect(await resultOf('wise', refunded)).toBe('settled');
    expect(await resultOf('wise', bounced)).toBe('already_settled');
    expect(await resultOf('wise', stale)).toBe('already_settled');
    const row = await payout(id);
    expect(row.status).toBe('FAILED');
    expect(row.reason).toBe(
      'Votre banque a renvoyé le virement. L’argent est de retour sur votre solde\u202f; vérifiez vos coordonnées bancaires.',
    );
    expect(await balanceOf(person.headers)).toBe('20.00');
    expect(await auditCount('payout.fail', id)).toBe(1);
    expect((await news(id)).map((entry) => entry.kind)).toEqual(['WITHDRAWAL_FAILED']);
  });

  it('Wise: a delivery whose signature does not match its bytes is refused and settles nothing', async () => {
    const person = await verifiedCustomer(t, { balance: '20.00' });
    await saveMethod(t, person.headers, 'TRANSFERWISE', usBankAccount);
    const id = String((await withdraw(t, person.headers, { amount: '10.00' })).json().data.id);
    expect((await run(t, ['payouts', 'submit', 'transferwise'])).exit_code).toBe(0);
    const transfer = wise.transferFor((await payout(id)).payoutReference)!;
    const delivery = await wise.move(transfer.id, 'outgoing_payment_sent');
    const forged = { ...delivery, body: delivery.body.replace('"schema_version":"2.0.0"', '"schema_version":"2.0.1"') };
    expect((await webhook('wise', forged)).statusCode).toBe(401);
    expect((await webhook('wise', { ...delivery, headers: { ...delivery.headers, 'x-signature-sha256': '' } })).statusCode).toBe(401);
    expect((await payout(id)).status).toBe('PENDING');
  });

  it('Wise: a delivery while Wise cannot be reached answers 503 in the caller’s terms, settles nothing, and settles when sent again', async () => {
    const person = await verifiedCustomer(t, { balance: '20.00' });
    await saveMethod(t, person.headers, 'TRANSFERWISE', usBankAccount);
    const id = String((await withdraw(t, person.headers, { amount: '10.00' })).json().data.id);
    expect((await run(t, ['payouts', 'submit', 'transferwise'])).exit_code).toBe(0);
    const transfer = wise.transferFor((await payout(id)).payoutReference)!;
    const delivery = await wise.move(transfer.id, 'outgoing_payment_sent');
    wise.state.unavailable = true;
    try {
      const refused = await webhook('wise', delivery);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json().error.code).toBe('PAYOUT_PROVIDER_UNAVAILABLE');
      expect((await payout(id)).status).toBe('PENDING');
    } finally {
      wise.state.unavailable = false;
    }
    expect(await resultOf('wise', delivery)).toBe('settled');
    expect((await payout(id)).status).toBe('COMPLETED');
  });

  it('Wise: an answer lost mid-submit; the next run finds the transfer by customerTransactionId and funds it, no second one', async () => {
    const person = await verifiedCustomer(t, { balance: '20.00' });
    await saveMethod(t, person.headers, 'TRANSFERWISE', usBankAccount);
    const id = String((await withdraw(t, person.headers, { amount: '12.00' })).json().data.id);
    const created = wise.state.transfersCreated;
    const fundings = wise.state.fundings;
    wise.state.dropNextTransferAnswer = true;
    const first = await run(t, ['payouts', 'submit', 'transferwise']);
    expect(first.exit_code).toBe(1);
    expect(first.stderr).toContain('Run payouts submit again');
    expect(wise.state.transfersCreated).toBe(created + 1);
    expect((await payout(id)).providerReference).toBeNull();

    const second = await run(t, ['payouts', 'submit', 'transferwise']);
    expect(second.exit_code, second.stderr).toBe(0);
    expect(second.stdout).toContain('sent again');
    expect(wise.state.transfersCreated).toBe(created + 1);
    expect(wise.state.fundings).toBe(fundings + 1);
    const transfer = wise.transferFor((await payout(id)).payoutReference)!;
    expect((await payout(id)).providerReference).toBe(`wise:${transfer.id}`);
  });

  it('PayPal: a batch lost mid-submit is found again by its id; UNCLAIMED waits, RETURNED gives the money back once, SUCCESS pays', async () => {
    const returned = await verifiedCustomer(t, { balance: '20.00', overrides: { locale: 'ja-JP' } });
    await saveMethod(t, returned.headers, 'PAYPAL', { email: 'returned@example.com' });
    const returnedId = String((await withdraw(t, returned.headers, { amount: '10.00', withdraw_type: 'PAYPAL' })).json().data.id);
    const paid = await verifiedCustomer(t, { balance: '20.00' });
    await saveMethod(t, paid.headers, 'PAYPAL', { email: 'paid@example.com' });
    const paidId = String((await withdraw(t, paid.headers, { amount: '10.00', withdraw_type: 'PAYPAL' })).json().data.id);

    const batches = paypal.state.batchesCreated;
    paypal.state.dropNextBatchAnswer = true;
    expect((await run(t, ['payouts', 'submit', 'paypal'])).exit_code).toBe(1);
    const again = await run(t, ['payouts', 'submit', 'paypal']);
    expect(again.exit_code, again.stderr).toBe(0);
    expect(paypal.state.batchesCreated).toBe(batches + 1);
    const batch = paypal.batches.at(-1)!;
    expect(batch.sender_batch_id).toBe((await payout(returnedId)).exportBatch);
    expect(batch.items.map((item) => item.payout_item.sender_item_id).sort()).toEqual(
      [(await payout(returnedId)).payoutReference, (await payout(paidId)).payoutReference].sort(),
    );
    expect((await payout(paidId)).providerReference).toBe(`paypal:${batch.payout_batch_id}`);

    const returnedItem = paypal.itemFor((await payout(returnedId)).payoutReference)!;
    const unclaimed = await paypal.move(returnedItem.payout_item_id, 'UNCLAIMED');
    expect(await resultOf('paypal', unclaimed)).toBe('in_progress');
    expect((await payout(returnedId)).status).toBe('PENDING');
    const back = await paypal.move(returnedItem.payout_item_id, 'RETURNED');
    expect(await resultOf('paypal', back)).toBe('settled');
    expect(await resultOf('paypal', back)).toBe('already_settled');
    expect(await resultOf('paypal', unclaimed)).toBe('already_settled');
    expect((await payout(returnedId)).reason).toBe(
      'PayPal の支払いが30日以内に受け取られなかったため返金されました。金額は残高に戻っています。',
    );
    expect(await balanceOf(returned.headers)).toBe('20.00');
    expect(await auditCount('payout.fail', returnedId)).toBe(1);

    const paidItem = paypal.itemFor((await payout(paidId)).payoutReference)!;
    const succeeded = await paypal.move(paidItem.payout_item_id, 'SUCCESS');
    const forged = { ...succeeded, body: succeeded.body.replace('"summary":"', '"summary":"x') };
    expect((await webhook('paypal', forged)).statusCode).toBe(401);
    expect((await payout(paidId)).status).toBe('PENDING');
    expect(await resultOf('paypal', succeeded)).toBe('settled');
    expect((await payout(paidId)).status).toBe('COMPLETED');
    expect(await balanceOf(paid.headers)).toBe('10.00');
  });
});

describe('payout provider settings', () => {
  it('a public start refuses wise or paypal without their API settings; a local one starts their doubles instead', () => {
    const publicStart = { PUBLIC_URL: 'https://roundtrip.example', AUDIT_SIGNING_KEY_FILE: '/nonexistent' };
    expect(() => loadConfig({ ...publicStart, PAYOUT_PROVIDER_TRANSFERWISE: 'wise' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...publicStart, PAYOUT_PROVIDER_PAYPAL: 'paypal', PAYPAL_API_URL: 'https://api-m.paypal.com' })).toThrow(
      /PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET, PAYPAL_WEBHOOK_ID/,
    );
    expect(loadConfig({ PAYOUT_PROVIDER_TRANSFERWISE: 'wise', PAYOUT_PROVIDER_PAYPAL: 'paypal' }).payoutProviders.TRANSFERWISE).toBe(
      'wise',
    );
    expect(() => loadConfig({ PAYOUT_PROVIDER_TRANSFERWISE: 'wise', WISE_API_URL: 'https://api.wise.com' })).toThrow(/WISE_API_TOKEN/);
  });
});
