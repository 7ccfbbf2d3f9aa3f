import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../testing/databases';
import { loginTokens, bearer } from '../testing/accounts';
import type { TestApp } from '../testing/test-app';
import { createWalletTestApp, postScan } from '../testing/wallet';
import { openPaymentCipher } from '../modules/payments/encryption';
import { demoAccountsRefusal, demoEmail, demoPassword, liveDemoAccounts, seedDemoData } from './demo';

describe.each(databaseKinds)('demo data on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const counts = async () => {
    const result = await t.db.execute(
      sql`select (select count(*) from users)::int as users, (select count(*) from scans)::int as scans, (select count(*) from ledger_entries)::int as entries, (select count(*) from containers)::int as containers`,
    );
    return (result as { rows: unknown[] }).rows[0];
  };

  it('gives each demo customer a history and a code to try, and a second start changes nothing', async () => {
    const silent = { info: () => {} } as never;
    const cipher = openPaymentCipher(t.config);
    const summary = await seedDemoData(t.db, silent, cipher);
    const after = await counts();
    const again = await seedDemoData(t.db, silent, cipher);
    expect(await counts()).toEqual(after);
    expect(again.accounts.map((account) => account.tryCode)).toEqual(summary.accounts.map((account) => account.tryCode));

    for (const account of summary.accounts) {
      const tokens = await loginTokens(t, demoEmail(account.countryCode), demoPassword);
      const headers = bearer(tokens.access_token);
      const history = (await t.inject({ method: 'GET', url: '/api/v2/merged_transactions', headers })).json();
      // A payout destination on file, so the withdraw page works at once.
      const methods = (await t.inject({ method: 'GET', url: '/api/v2/payment_methods', headers })).json().data;
      expect(methods.withdraw_type).toBe(account.countryCode === 'ca' ? 'PAYPAL' : 'TRANSFERWISE');
      const kinds = new Set(history.data.map((row: { category: string; status: string }) => `${row.category} ${row.status}`));
      expect([...kinds].sort()).toEqual(['ADJUSTMENT COMPLETED', 'SCAN CANCELLED', 'SCAN COMPLETED', 'SCAN PENDING', 'SCAN REJECTED']);
      const completed = history.data.filter(
        (row: { status: string; category: string }) => row.category === 'SCAN' && row.status === 'COMPLETED',
      );
      expect(completed).toHaveLength(2);
      expect(completed.every((row: { items: unknown[] }) => row.items.length >= 2)).toBe(true);
      expect(account.tryCode).toMatch(/^[0-9A-Z*~$=]{11}$/);
      expect((await postScan(t, headers, account.tryCode!)).statusCode).toBe(201);
    }
  });

  it('are found in the database, so a public deployment on it refuses to start', async () => {
    expect((await liveDemoAccounts(t.db)).sort()).toEqual(
      ['ca', 'fr', 'jp', 'uk', 'us'].map((country) => `demo.${country}@roundtrip.example`),
    );
    expect(demoAccountsRefusal('https://roundtrip.example', ['demo.us@roundtrip.example'])).toMatch(
      /refuses to start.*demo\.us@roundtrip\.example.*withdraw/s,
    );
  });
});
