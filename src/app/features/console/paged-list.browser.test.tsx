import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { SupportedLocale } from '#domain/markets';
import type { PendingPayout } from '#domain/schemas/operator-answers';
import { fakeApi, restoreNetwork } from '../../testing/fake-network';
import { renderComponent } from '../../testing/render';
import { useConsoleCatalogue } from './catalogue';
import { consoleQueryClient } from './console-query-client';
import { endOperatorSession } from './operator-session';
import { signInTestOperator, testOperator } from './testing/test-operator';
import { PayoutsScreen } from './payouts-screen';

const operator = testOperator('Noa', ['finance']);

function payout(n: number, currency: 'USD' | 'JPY', value: string): PendingPayout {
  const money = { currency, value };
  const zero = { currency, value: currency === 'JPY' ? '0' : '0.00' };
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    status: 'PENDING',
    amount: money,
    fee: zero,
    payout_amount: money,
    withdraw_type: 'PAYPAL',
    account_name: `Customer ${n}`,
    account_number: 'ja•••@example.com',
    created_at: `2026-11-2${n}T10:00:00.000Z`,
    user_id: `10000000-0000-4000-8000-00000000000${n}`,
    payout_reference: `RT000000000000000${n}`,
    exported_at: null,
    export_batch: null,
    resolved_at: null,
    reason: null,
    provider_reference: null,
  };
}

const totals = {
  count: 3,
  amounts: [
    { currency: 'JPY', value: '2000' },
    { currency: 'USD', value: '30.00' },
  ],
};

function InConsole() {
  return useConsoleCatalogue() ? <PayoutsScreen /> : null;
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

function pagedPayouts() {
  return fakeApi({
    'GET /ops/payouts': (request) =>
      request.query.get('cursor') === 'after-2'
        ? { status: 200, body: { data: [payout(3, 'JPY', '2000')], meta: { next_cursor: null, totals } } }
        : { status: 200, body: { data: [payout(1, 'USD', '10.00'), payout(2, 'USD', '20.00')], meta: { next_cursor: 'after-2', totals } } },
  });
}

describe('an operator list a page at a time (payouts)', () => {
  afterEach(() => {
    consoleQueryClient.clear();
    endOperatorSession('signed-out');
    restoreNetwork();
  });

  it('shows the whole list’s totals, then the next page on "Show more", and says how many are shown', async () => {
    const api = pagedPayouts();
    await render();
    await expect.element(page.getByTestId('ops-list-totals')).toHaveTextContent('3 in all · ¥2,000 · $30.00');
    await expect.element(page.getByRole('status').filter({ hasText: 'Showing 2 of 3.' })).toBeVisible();
    expect(page.getByTestId('ops-payout').elements()).toHaveLength(2);

    await page.getByRole('button', { name: 'Show more' }).click();
    await expect.element(page.getByRole('status').filter({ hasText: 'Showing 3 of 3.' })).toBeVisible();
    expect(page.getByTestId('ops-payout').elements()).toHaveLength(3);
    expect(page.getByRole('button', { name: 'Show more' }).elements()).toHaveLength(0);
    // The button went away with the last page: the focus is on what was said, not lost to the page.
    expect(document.activeElement?.textContent).toBe('Showing 3 of 3.');
    expect(api.to('GET /ops/payouts').map((request) => request.query.get('cursor'))).toEqual([null, 'after-2']);
  });

  it('shows a PayPal receiver’s whole email when the server gives it, the masked one otherwise', async () => {
    fakeApi({
      'GET /ops/payouts': () => ({
        status: 200,
        body: {
          data: [{ ...payout(1, 'USD', '10.00'), receiver_email: 'jamie.rivera@example.com' }, payout(2, 'USD', '20.00')],
          meta: { next_cursor: null, totals },
        },
      }),
    });
    await render();
    const receivers = page.getByTestId('ops-payout-receiver');
    await expect.element(receivers.nth(0)).toHaveTextContent('Customer 1 jamie.rivera@example.com');
    await expect.element(receivers.nth(1)).toHaveTextContent('Customer 2 ja•••@example.com');
  });

  it.each([
    ['fr-FR', '3 au total', 'Afficher plus', '2 sur 3 affichés.'],
    ['ja-JP', '全3件', 'さらに表示', '3件中2件を表示しています。'],
  ] as const)('%s: the totals, the button and the status line are translated', async (locale, all, more, shown) => {
    pagedPayouts();
    await render(locale);
    await expect.element(page.getByTestId('ops-list-totals')).toHaveTextContent(all);
    await expect.element(page.getByRole('button', { name: more })).toBeVisible();
    await expect.element(page.getByText(shown)).toBeVisible();
  });
});
