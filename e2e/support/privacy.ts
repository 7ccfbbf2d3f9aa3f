import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { e2eOperatorKey } from './ops';

/** Records a scan for a customer straight through the API, as the phone's scanner would. */
export async function scanViaApi(request: APIRequestContext, accessToken: string, code: string): Promise<void> {
  const response = await request.post('/api/v2/scans', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { id: randomUUID(), code, scanned_at: new Date().toISOString() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export interface OperatorDataRequest {
  id: string;
  kind: string;
  email: string | null;
  due_at: string;
  received_at: string;
}

/** The operators' list of open data-subject requests. */
export async function openDataRequests(request: APIRequestContext): Promise<OperatorDataRequest[]> {
  const response = await request.get('/api/v2/ops/dsar', { headers: { 'X-Ops-Key': e2eOperatorKey } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: OperatorDataRequest[] }).data;
}
