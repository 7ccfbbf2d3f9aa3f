import { expect, type APIRequestContext } from '@playwright/test';
import { signUpViaApi, tokensFor, uniqueEmail } from './fixtures';
import { verificationCode } from './mail';
import { e2eOperatorKey } from './ops';
import { e2ePassword } from './test-password';

/** A new customer of a market, email verified with the mailed code, balance credited by an operator adjustment. */
export async function customerWithBalance(
  request: APIRequestContext,
  options: { country: 'us' | 'jp' | 'fr'; amount: string; verified: boolean },
): Promise<string> {
  const email = uniqueEmail(`withdraw-${options.country}`);
  const started = Date.now();
  await signUpViaApi(request, { email, password: e2ePassword, country: options.country });
  if (options.verified) {
    const code = await verificationCode(email, started);
    const tokens = await tokensFor(request, email, e2ePassword);
    const verified = await request.post('/api/v2/user/verify_email', {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
      data: { code },
    });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  const credit = await request.post('/api/v2/ops/adjustments', {
    headers: { 'X-Ops-Key': e2eOperatorKey },
    data: { email, amount: options.amount, comment: 'e2e credit' },
  });
  expect(credit.status(), await credit.text()).toBe(201);
  return email;
}
