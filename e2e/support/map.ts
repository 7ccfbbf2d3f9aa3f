import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { binsResponse, type Bin } from '#domain/bins';

/** The market's bins as the API lists them. */
export async function binsOf(request: APIRequestContext, countryCode: string): Promise<Bin[]> {
  const response = await request.get(`/api/v2/bins?country_code=${countryCode}`);
  expect(response.status()).toBe(200);
  return binsResponse.parse(await response.json()).data;
}

export async function searchParam(page: Page, name: string): Promise<string | null> {
  return new URL(page.url()).searchParams.get(name);
}

/** Console errors and CSP refusals (MapLibre's worker, the basemap file) seen by the page. */
export function collectConsoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  return problems;
}
