import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { fakeApi, restoreNetwork } from '../../testing/fake-network';
import type { SupportedLocale } from '#domain/markets';
import { renderComponent } from '../../testing/render';
import { useConsoleCatalogue } from './catalogue';
import { consoleQueryClient } from './console-query-client';
import { endOperatorSession } from './operator-session';
import { signInTestOperator, testOperator } from './testing/test-operator';
import { PasskeySection } from './passkeys-section';

const operator = testOperator('Camille', ['care']);
const passkey = {
  id: 'au78q5xKy4Gjb0YMgwWa0zyGOCU-wE7oNkmZkpVNgg0',
  created_at: '2026-11-28T22:42:25.333Z',
  last_used_at: null,
  transports: ['internal'],
};

/** The section as the console shows it: its own catalogue loaded first. */
function InConsole() {
  return useConsoleCatalogue() ? <PasskeySection /> : null;
}

function render(locale: SupportedLocale = 'en-US') {
  signInTestOperator(operator);
  return renderComponent(
    <QueryClientProvider client={consoleQueryClient}>
      <InConsole />
    </QueryClientProvider>,
    { locale },
  );
}

const confirmTexts = {
  'fr-FR': { add: 'Ajouter une clé d’accès', title: 'Confirmez votre identité', confirm: 'Confirmer et ajouter la clé d’accès' },
  'ja-JP': { add: 'パスキーを追加', title: '本人確認', confirm: '確認してパスキーを追加' },
} as const;

describe('the operator’s passkeys', () => {
  afterEach(() => {
    consoleQueryClient.clear();
    endOperatorSession('signed-out');
    restoreNetwork();
  });

  it('lists the passkeys and removes one after asking', async () => {
    let list = [passkey];
    const api = fakeApi({
      'GET /ops/passkeys': () => ({ status: 200, body: { data: list } }),
      [`DELETE /ops/passkeys/${passkey.id}`]: () => {
        list = [];
        return { status: 204 };
      },
    });
    await render();
    const passkeys = page.getByRole('list', { name: 'Your passkeys' });
    await expect.element(passkeys.getByRole('heading', { name: 'Passkey au78q5xKy4' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove passkey au78q5xKy4' }).click();
    await expect.element(page.getByRole('button', { name: 'Remove the passkey' })).toHaveFocus();
    await page.getByRole('button', { name: 'Remove the passkey' }).click();
    await expect.element(page.getByText('You have no passkey.')).toBeVisible();
    expect(api.to(`DELETE /ops/passkeys/${passkey.id}`)).toHaveLength(1);
  });

  it('asked for a fresh proof, it takes the password and a new code, says a refusal and keeps the session, then adds', async () => {
    let optionsCalls = 0;
    let proofs = 0;
    const api = fakeApi({
      'GET /ops/passkeys': { status: 200, body: { data: [passkey] } },
      'POST /ops/passkeys/registration-options': () => {
        optionsCalls += 1;
        return optionsCalls === 1
          ? { status: 403, body: { error: { code: 'REAUTHENTICATION_REQUIRED', message: 'Confirm it is you first.' } } }
          : { status: 503, body: { error: { code: 'SERVICE_BUSY', message: 'Try again in a moment.' } } };
      },
      'POST /ops/session/reauthenticate': () => {
        proofs += 1;
        return proofs === 1
          ? { status: 403, body: { error: { code: 'REAUTHENTICATION_FAILED', message: 'The password or authenticator code is wrong.' } } }
          : { status: 200, body: { data: { reauthenticated_at: '2026-11-28T22:50:00.000Z' } } };
      },
    });
    await render();
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    const password = page.getByLabelText('Password');
    await expect.element(password).toHaveFocus();
    await password.fill('operator-password-1');
    const code = page.getByRole('textbox', { name: /^Authenticator code/ });
    await code.fill('123456');
    await page.getByRole('button', { name: 'Confirm and add the passkey' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'The password or authenticator code is wrong.' });
    await expect.element(refusal).toHaveFocus();
    // A code is good once: the field is emptied for the next one; the session goes on.
    await expect.element(code).toHaveValue('');
    expect(optionsCalls).toBe(1);

    await code.fill('654321');
    await page.getByRole('button', { name: 'Confirm and add the passkey' }).click();
    // Confirmed, the passkey is asked for again at once.
    await expect.element(page.getByRole('alert').filter({ hasText: 'Try again in a moment.' })).toBeVisible();
    expect(optionsCalls).toBe(2);
    expect(api.to('POST /ops/session/reauthenticate').map((request) => request.body)).toEqual([
      { password: 'operator-password-1', code: '123456' },
      { password: 'operator-password-1', code: '654321' },
    ]);
    await expect.element(page.getByTestId('ops-confirm-identity')).not.toBeInTheDocument();
  });

  for (const locale of ['fr-FR', 'ja-JP'] as const) {
    it(`${locale}: the proof is asked for in the operator's language, at 360 px`, async () => {
      fakeApi({
        'GET /ops/passkeys': { status: 200, body: { data: [passkey] } },
        'POST /ops/passkeys/registration-options': {
          status: 403,
          body: { error: { code: 'REAUTHENTICATION_REQUIRED', message: 'x' } },
        },
      });
      const text = confirmTexts[locale];
      await render(locale);
      await page.getByRole('button', { name: text.add }).click();
      await expect.element(page.getByRole('heading', { name: text.title })).toBeVisible();
      await expect.element(page.getByRole('button', { name: text.confirm })).toBeVisible();
      expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
      // Kept with the test results, to be looked at (test-results/ is not committed).
      await page.screenshot({ path: `../../../../test-results/console-screens/passkeys-confirm-${locale}.png` });
    });
  }
});
