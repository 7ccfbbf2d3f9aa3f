import { request, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { tokensFor } from '../../e2e/support/fixtures';
import { customerWithBalance } from '../../e2e/support/withdrawals';
import { e2ePassword } from '../../e2e/support/test-password';
import { serverOrigin } from './server';

/**
 * What the server recorded, asked through the API as the Chromium suite does (e2e/support): the
 * customer's own data export holds every sign-in, scan and withdrawal with its state.
 */

export type Market = 'us' | 'fr' | 'jp';

export function serverApi(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: serverOrigin });
}

const money = z.object({ currency: z.string(), value: z.string() });

const personalData = z.object({
  account: z.object({ email: z.string(), country_code: z.string(), locale: z.string() }),
  balance: z.object({ balance: money, pending_items: z.number() }),
  scans: z.array(z.object({ container_code: z.string(), status: z.string() })),
  sessions: z.array(z.object({ client_id: z.string(), signed_in_at: z.string(), ended_at: z.string().nullable() })),
  withdrawals: z.array(z.object({ amount: money, status: z.string() }).loose()),
  notifications: z.object({ push_endpoints: z.array(z.string()).optional() }).loose(),
});

export type ServerRecords = z.infer<typeof personalData>;

/** Everything the server holds about the customer, as their own export gives it. */
export async function serverRecords(api: APIRequestContext, email: string): Promise<ServerRecords> {
  const { access_token } = await tokensFor(api, email, e2ePassword);
  const response = await api.get('/api/v2/user/export', { headers: { Authorization: `Bearer ${access_token}` } });
  if (response.status() !== 200) throw new Error(`GET /user/export answered ${response.status()}: ${await response.text()}`);
  return personalData.parse(await response.json());
}

/** The scan the server holds of one container, if any. */
export function scanOf(records: ServerRecords, code: string): { container_code: string; status: string } | undefined {
  return records.scans.find((scan) => scan.container_code === code);
}

/** Sessions opened by the app (the API's own token requests use the same client id, hence the count). */
export function appSessions(records: ServerRecords): number {
  return records.sessions.filter((session) => session.client_id === 'roundtrip-web' && session.ended_at === null).length;
}

const startingBalance: Record<Market, string> = { us: '20.00', fr: '20.00', jp: '5000' };

/**
 * A customer of the market with a verified address, a balance an operator credited (one history
 * line) and PayPal saved as where withdrawals go.
 */
export async function walkingCustomer(api: APIRequestContext, market: Market): Promise<string> {
  const email = await customerWithBalance(api, { country: market, amount: startingBalance[market], verified: true });
  const { access_token } = await tokensFor(api, email, e2ePassword);
  const saved = await api.post('/api/v2/payment_methods/PAYPAL', {
    headers: { Authorization: `Bearer ${access_token}` },
    data: { email: `paypal.${email}` },
  });
  if (saved.status() !== 200) throw new Error(`PayPal for ${market}: ${saved.status()} ${await saved.text()}`);
  return email;
}

const historyLines = z.object({
  data: z.array(z.object({ category: z.string(), status: z.string(), amount: money.nullable() })),
});

/** The customer's history lines, newest first, as the app's account page asks for them. */
export async function historyOf(api: APIRequestContext, email: string): Promise<z.infer<typeof historyLines>['data']> {
  const { access_token } = await tokensFor(api, email, e2ePassword);
  const response = await api.get('/api/v2/merged_transactions', { headers: { Authorization: `Bearer ${access_token}` } });
  if (response.status() !== 200) throw new Error(`GET /merged_transactions answered ${response.status()}`);
  return historyLines.parse(await response.json()).data;
}
