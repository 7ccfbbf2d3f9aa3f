import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../testing/accounts';
import { databaseKinds } from '../testing/databases';
import type { TestApp } from '../testing/test-app';
import { cliHeaders, createWalletTestApp, issue, ops, postScan } from '../testing/wallet';
import type { CliCommandResult } from './commands-route';
import { terminalField, terminalOutput } from './terminal-text';

/**
 * What a hostile text can carry: ESC sequences (erase the line, set the clipboard with OSC 52 and
 * BEL), a C1 CSI, DEL, a right-to-left override, and a line break with a forged line after it.
 */
const hostile = 'ok\u001b[2K\u001b]52;c;ZXZpbA==\u0007\u009b31m\u202eevil\u007f\nFORGED 999.00 CREDITED\r';
/** Anything a terminal would obey, line breaks aside. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const obeyed = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/u;

describe('terminal text', () => {
  it('escapes C0, C1, ESC, DEL and the bidi controls visibly, and changes nothing twice', () => {
    expect(terminalField(hostile)).toBe('ok\\x1b[2K\\x1b]52;c;ZXZpbA==\\x07\\x9b31m\\u202eevil\\x7f\\x0aFORGED 999.00 CREDITED\\x0d');
    expect(terminalOutput('line one\nline two\u001b[A\n')).toBe('line one\nline two\\x1b[A\n');
    expect(terminalOutput(terminalField(hostile))).toBe(terminalField(hostile));
    expect(terminalField('Café 東京 ½')).toBe('Café 東京 ½');
  });
});

describe.each(databaseKinds)('the ops CLI prints outside text escaped (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createWalletTestApp(kind);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function cli(argv: string[]): Promise<string> {
    const response = await t.inject({ method: 'POST', url: '/api/v2/ops/commands', headers: cliHeaders, payload: { argv } });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<{ data: CliCommandResult }>().data;
    expect(result.exit_code, result.stderr).toBe(0);
    return result.stdout;
  }

  function expectInert(stdout: string) {
    expect(stdout).not.toMatch(obeyed);
    // The forged line stays inside the line of the text that carried it.
    expect(stdout).not.toMatch(/^FORGED/m);
    expect(stdout).toContain('ok\\x1b[2K\\x1b]52;c;ZXZpbA==\\x07\\x9b31m\\u202eevil\\x7f\\x0aFORGED');
  }

  it('content missing: keys and "shown instead" texts posted without signing in', async () => {
    const reported = await t.inject({
      method: 'POST',
      url: '/api/v2/locales/add/fr-FR/faq',
      payload: { [`key.${hostile}`]: hostile },
      remoteAddress: '203.0.113.77',
    });
    expect(reported.statusCode).toBe(200);
    const stdout = await cli(['content', 'missing', 'fr-FR']);
    expectInert(stdout);
  });

  it('dsar list: requesters’ names posted without signing in', async () => {
    const filed = await t.inject({
      method: 'POST',
      url: '/api/v2/dsar',
      payload: {
        kind: 'access',
        name: hostile,
        email: `dsar-${randomUUID()}@roundtrip.example`,
        country_code: 'us',
        locale: 'en-US',
        message: 'Hello',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expectInert(await cli(['dsar', 'list']));
  });

  it('disputes list: customers’ notes', async () => {
    const person = await customer(t);
    const [code] = await issue(t, 'us-oat-milk-1l');
    const scan = (await postScan(t, person.headers, code!)).json().data as { id: string };
    expect((await ops(t, '/rejections', { codes: [code], reason: 'Cracked' })).statusCode).toBe(200);
    const filed = await t.inject({
      method: 'POST',
      url: '/api/v2/disputes',
      headers: person.headers,
      payload: { id: randomUUID(), transaction_id: `scan:${scan.id}`, reason: 'returned', note: hostile },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    expectInert(await cli(['disputes', 'list']));
  });
});
