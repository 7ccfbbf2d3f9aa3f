import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { containerCodeFromRandom } from '#domain/container-codes';
import type { SupportedLocale } from '#domain/markets';
import { fakeApi, restoreNetwork, type FakeRoutes } from '../../testing/fake-network';
import { renderComponent } from '../../testing/render';
import { useConsoleCatalogue } from './catalogue';
import { CheckInScreen } from './check-in-screen';
import { consoleDatabase } from './checkin-db';
import { consoleQueryClient } from './console-query-client';
import { endOperatorSession } from './operator-session';
import { signInTestOperator, testOperator } from './testing/test-operator';

const operator = testOperator('Sam', ['check-in']);
const first = containerCodeFromRandom(new Uint8Array([12, 34, 56, 78, 90, 123, 45]));
const second = containerCodeFromRandom(new Uint8Array([200, 1, 2, 3, 4, 5, 6]));
/** The first code with its last (check) symbol changed: one symbol mistyped. */
const typo = first.slice(0, -1) + (first.endsWith('0') ? '1' : '0');

const texts = {
  'en-US': {
    required: 'Please enter the code printed under the QR code.',
    typo: 'This code has a typo: check each character and try again.',
    label: 'Container code',
    add: 'Add to the batch',
    instead: 'Reject them instead',
    reason: 'Reason shown to the customers',
    reasonRequired: 'Write why these containers are rejected; the customers read it.',
    rejectOne: 'Reject this container',
    note: 'Note for the customer (optional)',
    tooLong: 'This is too long.',
  },
  'fr-FR': {
    required: 'Veuillez saisir le code imprimé sous le QR code.',
    typo: 'Ce code contient une faute de frappe : vérifiez chaque caractère et réessayez.',
    label: 'Code du contenant',
    add: 'Ajouter au lot',
    instead: 'Les refuser plutôt',
    reason: 'Motif montré aux clients',
    reasonRequired: 'Écrivez pourquoi ces contenants sont refusés ; les clients le liront.',
    rejectOne: 'Refuser ce contenant',
    note: 'Note pour le client (facultative)',
    tooLong: 'C’est trop long.',
  },
  'ja-JP': {
    required: 'QR⁠コードの下に印刷されたコードを入力してください。',
    typo: 'コードに入力ミスがあります。1文字ずつ確認して、もう一度お試しください。',
    label: '容器コード',
    add: 'バッチに追加',
    instead: '代わりに不承認にする',
    reason: 'お客さまに表示する理由',
    reasonRequired: 'これらの容器を不承認にする理由を書いてください。お客さまに表示されます。',
    rejectOne: 'この容器を不承認にする',
    note: 'お客様へのメモ（任意）',
    tooLong: '長すぎます。',
  },
} as const;

/** An accessible description as the browser computes it: the narrow no-break space before French punctuation reads as a space. */
function described(text: string): string {
  return text.replace(/\u202f/g, ' ');
}

function InConsole() {
  return useConsoleCatalogue() ? <CheckInScreen /> : null;
}

function network(routes: FakeRoutes = {}) {
  return fakeApi({
    'GET /ops/me': { status: 200, body: { data: operator } },
    'GET /ops/checkins/recent': { status: 200, body: { data: [] } },
    'POST /ops/containers/lookup': { status: 200, body: { data: [] } },
    ...routes,
  });
}

function render(locale: SupportedLocale) {
  signInTestOperator(operator);
  return renderComponent(
    <QueryClientProvider client={consoleQueryClient}>
      <InConsole />
    </QueryClientProvider>,
    { locale },
  );
}

/** Types codes into the form as an operator does, each added to the batch. */
async function addCodes(locale: keyof typeof texts, ...codes: string[]) {
  const field = page.getByRole('textbox', { name: texts[locale].label });
  for (const code of codes) {
    await field.fill(code);
    await page.getByRole('button', { name: texts[locale].add }).click();
    await expect.element(page.getByText(code, { exact: true })).toBeVisible();
  }
}

const refusedReason = {
  status: 400,
  body: { error: { code: 'VALIDATION_FAILED', message: 'The request is not valid.', fields: { reason: 'tooLong' } } },
};

describe('the check-in screen’s forms', () => {
  afterEach(async () => {
    consoleQueryClient.clear();
    endOperatorSession('signed-out');
    restoreNetwork();
    await consoleDatabase.drafts.clear();
    await consoleDatabase.kept.clear();
  });

  it.each(['en-US', 'fr-FR', 'ja-JP'] as const)('%s: a typed code is checked on the phone, its error said and focused', async (locale) => {
    const text = texts[locale];
    network();
    await render(locale);
    const field = page.getByRole('textbox', { name: text.label });
    await page.getByRole('button', { name: text.add }).click();
    await expect.element(field).toHaveFocus();
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field).toHaveAccessibleDescription(described(text.required));

    await field.fill(typo);
    await page.getByRole('button', { name: text.add }).click();
    await expect.element(field).toHaveAccessibleDescription(described(text.typo));
    await expect.element(field).toHaveFocus();

    // A good code joins the batch and empties the field for the next one, its error gone.
    await field.fill(first);
    await page.getByRole('button', { name: text.add }).click();
    await expect.element(page.getByText(first, { exact: true })).toBeVisible();
    await expect.element(field).toHaveValue('');
    await expect.element(field).not.toHaveAttribute('aria-invalid');
  });

  it.each(['en-US', 'fr-FR', 'ja-JP'] as const)(
    '%s: the batch’s rejection asks for the reason, then shows the server’s refusal under it, focused',
    async (locale) => {
      const text = texts[locale];
      const api = network({ 'POST /ops/rejections': refusedReason });
      await render(locale);
      await addCodes(locale, first, second);
      await page.getByText(text.instead).click();
      const reason = page.getByRole('textbox', { name: text.reason });
      await reason.click();
      await userEvent.keyboard('{Enter}');
      await expect.element(reason).toHaveFocus();
      await expect.element(reason).toHaveAccessibleDescription(described(text.reasonRequired));
      expect(api.to('POST /ops/rejections')).toHaveLength(0);

      await reason.fill('Lids missing');
      await userEvent.keyboard('{Enter}');
      await expect.element(reason).toHaveAccessibleDescription(described(text.tooLong));
      await expect.element(reason).toHaveFocus();
      expect(api.to('POST /ops/rejections').map((request) => request.body)).toEqual([{ codes: [first, second], reason: 'Lids missing' }]);
    },
  );

  it.each(['en-US', 'fr-FR', 'ja-JP'] as const)(
    '%s: one container’s rejection sends its reason and note, and shows a refused note under the note, focused',
    async (locale) => {
      const text = texts[locale];
      const api = network({ 'POST /ops/rejections': refusedReason });
      await render(locale);
      await addCodes(locale, first);
      // The second button of the code's line: "Reject…" (the first removes it).
      await page.getByRole('listitem').filter({ hasText: first }).getByRole('button').nth(1).click();
      const one = page.getByTestId('ops-reject-one');
      await one.getByRole('radio').nth(3).click();
      const note = one.getByRole('textbox', { name: text.note });
      await note.fill('  Lot 7 ');
      await one.getByRole('button', { name: text.rejectOne }).click();
      await expect.element(note).toHaveAccessibleDescription(described(text.tooLong));
      await expect.element(note).toHaveFocus();
      expect(api.to('POST /ops/rejections').map((request) => request.body)).toEqual([
        { codes: [first], reason_code: 'label_unreadable', reason: 'Lot 7' },
      ]);
    },
  );
});
