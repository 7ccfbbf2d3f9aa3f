import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { SupportedLocale } from '#domain/markets';
import type { ListedClaim, OperatorDispute } from '#domain/schemas/operator-answers';
import { fakeApi, restoreNetwork, type FakeRoutes } from '../../testing/fake-network';
import { renderComponent } from '../../testing/render';
import { useConsoleCatalogue } from './catalogue';
import { ClaimsScreen } from './claims-screen';
import { consoleQueryClient } from './console-query-client';
import { DisputesScreen } from './disputes-screen';
import { endOperatorSession } from './operator-session';
import { signInTestOperator, testOperator } from './testing/test-operator';

const operator = testOperator('Lou', ['care']);

const dispute = {
  id: '00000000-0000-4000-8000-0000000000d1',
  status: 'OPEN',
  reason: 'returned',
  answer: null,
  credited: null,
  created_at: '2026-11-20T10:00:00.000Z',
  resolved_at: null,
  note: 'I brought it back on Monday.',
  has_photo: false,
  transaction_ids: ['scan:00000000-0000-4000-8000-0000000000e1'],
  amount: { currency: 'USD', value: '5.00' },
  user_id: '10000000-0000-4000-8000-000000000001',
  email: 'ada@roundtrip.test',
  locale: 'en-US',
  scans: [
    {
      scan_id: '00000000-0000-4000-8000-0000000000e1',
      code: '8B3GG1FWKZY',
      product_id: 'bowl',
      status: 'REJECTED',
      reason: null,
      scanned_at: '2026-11-01T10:00:00.000Z',
    },
  ],
  claims: [],
} satisfies OperatorDispute;

const claim = {
  id: '00000000-0000-4000-8000-0000000000c1',
  code: '8B3GG1FWKZY',
  status: 'OPEN',
  user_id: '10000000-0000-4000-8000-000000000002',
  email: 'bo@roundtrip.test',
  scanned_at: '2026-11-21T10:00:00.000Z',
  received_at: '2026-11-21T10:00:05.000Z',
  first_scan: {
    scan_id: '00000000-0000-4000-8000-0000000000e2',
    user_id: '10000000-0000-4000-8000-000000000001',
    status: 'PENDING',
    scanned_at: '2026-11-20T10:00:00.000Z',
    received_at: '2026-11-20T10:00:05.000Z',
  },
  note: null,
  resolved_at: null,
  claimant: { open_claims: 1, refused_claims: 0, flagged: false },
} satisfies ListedClaim;

const texts = {
  'en-US': {
    answer: 'Answer to the customer',
    answerRequired: 'Write the answer the customer will read.',
    uphold: 'Uphold the refusal',
    tooLong: 'This is too long.',
    note: 'Note for operators (optional)',
    award: 'Award it to the claimant',
  },
  'fr-FR': {
    answer: 'Réponse au client',
    answerRequired: 'Écrivez la réponse que le client lira.',
    uphold: 'Maintenir le refus',
    tooLong: 'C’est trop long.',
    note: 'Note pour les opérateurs (facultative)',
    award: 'L’attribuer au demandeur',
  },
  'ja-JP': {
    answer: 'お客様への回答',
    answerRequired: 'お客様が読む回答を書いてください。',
    uphold: '不承認を維持する',
    tooLong: '長すぎます。',
    note: 'オペレーター向けメモ（任意）',
    award: '申請者に認める',
  },
} as const;
const locales = ['en-US', 'fr-FR', 'ja-JP'] as const;

const refused = (field: string) => ({
  status: 400,
  body: { error: { code: 'VALIDATION_FAILED', message: 'The request is not valid.', fields: { [field]: 'tooLong' } } },
});

function InConsole({ screen }: { screen: 'disputes' | 'claims' }) {
  if (!useConsoleCatalogue()) return null;
  return screen === 'disputes' ? <DisputesScreen /> : <ClaimsScreen />;
}

function render(screen: 'disputes' | 'claims', locale: SupportedLocale, routes: FakeRoutes) {
  signInTestOperator(operator);
  const api = fakeApi({ 'GET /ops/me': { status: 200, body: { data: operator } }, ...routes });
  void renderComponent(
    <QueryClientProvider client={consoleQueryClient}>
      <InConsole screen={screen} />
    </QueryClientProvider>,
    { locale },
  );
  return api;
}

describe('care’s decision forms', () => {
  afterEach(() => {
    consoleQueryClient.clear();
    endOperatorSession('signed-out');
    restoreNetwork();
  });

  it.each(locales)('%s: upholding a refusal asks for the answer first, said under it and focused, nothing sent', async (locale) => {
    const text = texts[locale];
    const api = render('disputes', locale, {
      'GET /ops/disputes': {
        status: 200,
        body: { data: [dispute], meta: { next_cursor: null, totals: { count: 1, amounts: [dispute.amount] } } },
      },
    });
    const answer = page.getByRole('textbox', { name: text.answer });
    await expect.element(answer).toBeVisible();
    await page.getByRole('button', { name: text.uphold }).click();
    await expect.element(answer).toHaveFocus();
    await expect.element(answer).toHaveAttribute('aria-invalid', 'true');
    await expect.element(page.getByText(text.answerRequired)).toBeVisible();
    expect(api.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it.each(locales)('%s: the server’s refusal of the answer is said under it and focused', async (locale) => {
    const text = texts[locale];
    const api = render('disputes', locale, {
      'GET /ops/disputes': {
        status: 200,
        body: { data: [dispute], meta: { next_cursor: null, totals: { count: 1, amounts: [dispute.amount] } } },
      },
      [`POST /ops/disputes/${dispute.id}/uphold`]: refused('answer'),
    });
    const answer = page.getByRole('textbox', { name: text.answer });
    await answer.fill('  We found it cracked.  ');
    await page.getByRole('button', { name: text.uphold }).click();
    await expect.element(answer).toHaveFocus();
    await expect.element(page.getByText(text.tooLong)).toBeVisible();
    expect(api.to(`POST /ops/disputes/${dispute.id}/uphold`).map((request) => request.body)).toEqual([{ answer: 'We found it cracked.' }]);
  });

  it.each(locales)('%s: a claim’s note refused by the server is said under it and focused', async (locale) => {
    const text = texts[locale];
    const api = render('claims', locale, {
      'GET /ops/claims': { status: 200, body: { data: [claim], meta: { next_cursor: null, totals: { count: 1, amounts: [] } } } },
      [`POST /ops/claims/${claim.id}/award`]: refused('note'),
    });
    const note = page.getByRole('textbox', { name: text.note });
    await note.fill('Shop receipt seen');
    await page.getByRole('button', { name: text.award }).click();
    await expect.element(note).toHaveFocus();
    await expect.element(page.getByText(text.tooLong)).toBeVisible();
    expect(api.to(`POST /ops/claims/${claim.id}/award`).map((request) => request.body)).toEqual([{ note: 'Shop receipt seen' }]);
  });
});
