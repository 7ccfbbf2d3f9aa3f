import { expect, type APIRequestContext } from '@playwright/test';

/** The operator key of the e2e server only (set in playwright.config.ts; that server's data is wiped at every run). */
export const e2eOperatorKey = 'e2e-operator-key-not-secret';

const headers = { 'X-Ops-Key': e2eOperatorKey };

/** Issues new container codes for a product, as an operator printing labels would. */
export async function issueContainers(request: APIRequestContext, productId: string, count: number): Promise<string[]> {
  const response = await request.post('/api/v2/ops/containers', { headers, data: { product_id: productId, count } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { codes: string[] } }).data.codes;
}

/** Checks containers in at the facility: their pending scans complete and credit the deposits. */
export async function checkIn(request: APIRequestContext, codes: string[]): Promise<void> {
  const response = await request.post('/api/v2/ops/checkins', { headers, data: { codes, note: 'e2e' } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { data: { checked_in: unknown[] } };
  expect(body.data.checked_in).toHaveLength(codes.length);
}

export interface E2eProduct {
  id: string;
  name: string;
  deposit: { currency: string; value: string };
}

export async function firstProduct(request: APIRequestContext, country: string, language: string): Promise<E2eProduct> {
  const response = await request.get(`/api/v2/products?country_code=${country}`, { headers: { 'Accept-Language': language } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: E2eProduct[] }).data[0]!;
}
