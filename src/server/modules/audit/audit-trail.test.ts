import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsCommandResult } from '../../operator-cli/commands-route';
import { customer } from '../../testing/accounts';
import { databaseKinds } from '../../testing/databases';
import type { TestApp } from '../../testing/test-app';
import { cliHeaders, createWalletTestApp } from '../../testing/wallet';

async function cli(t: TestApp, argv: string[]): Promise<OpsCommandResult> {
  const response = await t.inject({ method: 'POST', url: '/api/v2/ops/commands', headers: cliHeaders, payload: { argv } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: OpsCommandResult }>().data;
}

describe.each(databaseKinds)('the audit trail answers what people ask of it (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('audit list prints amounts in the currency, not in minor units', async () => {
    const person = await customer(t);
    expect((await cli(t, ['adjust', '--email', person.fields.email, '--amount', '1.20', '--comment', 'Goodwill'])).exit_code).toBe(0);
    const listed = await cli(t, ['audit', 'list', '--limit', '1']);
    expect(listed.exit_code).toBe(0);
    expect(listed.stdout).toContain('+$1.20');
    expect(listed.stdout).not.toMatch(/\b120\b/);
  });
});
