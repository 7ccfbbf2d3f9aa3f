import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import type { SignUpFields } from './accounts';
import { customer } from './accounts';
import type { TestApp } from './test-app';
import { ops } from './wallet';

export const usBankAccount = {
  routing_number: '021000021',
  account_number: '000123456789',
  account_type: 'checking',
  name: 'Jamie Rivera',
  address: '1120 SW 5th Ave',
  city: 'Portland',
  state: 'OR',
  zip_code: '97205',
} as const;

export const japaneseBankAccount = {
  bank_code: '0005',
  branch_code: '123',
  account_number: '1234567',
  account_type: 'ordinary',
  account_name: 'タナカ ユイ',
} as const;

/** A signed-in customer with a verified email and, optionally, a credited balance (an operator adjustment). */
export async function verifiedCustomer(t: TestApp, options: { balance?: string; overrides?: Partial<SignUpFields> } = {}) {
  const person = await customer(t, options.overrides);
  await t.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.id, person.user.id));
  if (options.balance) {
    const response = await ops(t, '/adjustments', {
      id: randomUUID(),
      user_id: person.user.id,
      amount: options.balance,
      comment: 'Test credit',
    });
    if (response.statusCode !== 201) throw new Error(`credit failed: ${response.body}`);
  }
  return person;
}

export function saveMethod(t: TestApp, headers: Record<string, string>, method: string, payload: Record<string, unknown>) {
  return t.inject({ method: 'POST', url: `/api/v2/payment_methods/${method}`, headers, payload });
}

export function withdraw(t: TestApp, headers: Record<string, string>, payload: Record<string, unknown>, key: string | null = randomUUID()) {
  return t.inject({
    method: 'POST',
    url: '/api/v2/withdrawals',
    headers: key === null ? headers : { ...headers, 'idempotency-key': key },
    payload,
  });
}
