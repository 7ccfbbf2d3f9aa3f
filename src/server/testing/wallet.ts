import { randomUUID } from 'node:crypto';
import { seedCatalogue } from '../modules/wallet/catalogue';
import { issueContainers } from '../modules/wallet/operator-actions';
import type { DatabaseKind } from './databases';
import { createTestApp, type TestApp } from './test-app';
import { testActor } from './actor';

export const testOperatorKey = 'test-ops-key-0123456789abcdef';
export const operatorHeaders = { 'x-ops-key': testOperatorKey };
/** The ops CLI's key on the server's own machine (an injected request comes from loopback). */
export const testLocalKey = 'test-local-key-0123456789abcdefghijklmnop';
export const cliHeaders = { 'x-ops-key': testLocalKey };

/**
 * A test app with the catalogue seeded, an OPS_KEY and the local CLI key. Adjustments of any size
 * are made at once (tests credit customers to set up their cases); approvals.test.ts sets a limit.
 */
export async function createWalletTestApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(kind, { env: { OPS_KEY: testOperatorKey, APPROVAL_LIMITS: '{}', ...env }, localOperatorKey: testLocalKey });
  await seedCatalogue(t.db);
  return t;
}

export function issue(t: TestApp, productId: string, count = 1): Promise<string[]> {
  return issueContainers(t.db, testActor, productId, count, t.clock.now());
}

export function postScan(
  t: TestApp,
  headers: Record<string, string>,
  code: string,
  options: { id?: string; scannedAt?: Date; extraHeaders?: Record<string, string> } = {},
) {
  return t.inject({
    method: 'POST',
    url: '/api/v2/scans',
    headers: { ...headers, ...options.extraHeaders },
    payload: { id: options.id ?? randomUUID(), code, scanned_at: (options.scannedAt ?? t.clock.now()).toISOString() },
  });
}

export function ops(t: TestApp, path: string, payload: unknown, headers: Record<string, string> = operatorHeaders) {
  return t.inject({ method: 'POST', url: `/api/v2/ops${path}`, headers, payload: payload as Record<string, unknown> });
}
