import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { Transaction } from '#domain/schemas/wallet';
import { renderComponent } from '../../testing/render';
import { transactionRow } from './test-rows';
import { TransactionItem } from './transaction-item';

const now = new Date('2026-11-26T12:00:00.000Z');
const withdrawal = {
  category: 'WITHDRAWAL',
  amount: { value: '-12.50', currency: 'USD' },
  items: [],
  number_of_scans: null,
  price: { value: '0.00', currency: 'USD' },
  account_number: '•••• 6789',
  id: 'withdrawal:9d1e6c1a-3f2b-4a5c-8d7e-6f5a4b3c2d1e',
} as const satisfies Partial<Transaction>;

/**
 * The row's eight states (category and status; docs/product.md, History titles and Amounts hidden):
 * what the closed row says (title, status, amount or none) and what the opened row explains.
 */
const states: { state: string; row: Transaction; title: string; status: string; amount: string | undefined; details: string }[] = [
  {
    state: 'scan pending',
    row: transactionRow({ id: 'scan-pending:2026-11-20', status: 'PENDING', items: [] }),
    title: '3 scans pending',
    status: 'Pending',
    amount: undefined,
    details: 'These containers are waiting for check-in at the cleaning facility.',
  },
  {
    state: 'scan completed',
    row: transactionRow(),
    title: '3 items returned',
    status: 'Completed',
    amount: '$0.80',
    details: 'Checked in at the cleaning facility: the deposit is in your balance.',
  },
  {
    state: 'scan rejected',
    row: transactionRow({ status: 'REJECTED', amount: { value: '0.00', currency: 'USD' }, number_of_scans: 1, disputable: true }),
    title: '1 scan rejected',
    status: 'Rejected',
    amount: undefined,
    details: 'This return was rejected at the cleaning facility, so no deposit was credited.',
  },
  {
    state: 'scan cancelled',
    row: transactionRow({ status: 'CANCELLED', amount: { value: '0.00', currency: 'USD' }, number_of_scans: 2 }),
    title: '2 scans canceled',
    status: 'Canceled',
    amount: undefined,
    details: 'Customer care canceled this scan. No deposit was credited.',
  },
  {
    state: 'withdrawal pending',
    row: transactionRow({ ...withdrawal, status: 'PENDING' }),
    title: 'Withdrawal pending',
    status: 'Pending',
    amount: '-$12.50',
    details: 'Withdrawal to account •••• 6789.',
  },
  {
    state: 'withdrawal completed',
    row: transactionRow({ ...withdrawal, status: 'COMPLETED' }),
    title: 'Withdrawal',
    status: 'Completed',
    amount: '-$12.50',
    details: 'Withdrawal to account •••• 6789.',
  },
  {
    state: 'withdrawal failed',
    row: transactionRow({ ...withdrawal, status: 'FAILED' }),
    title: 'Withdrawal canceled',
    status: 'Failed',
    amount: '-$12.50',
    details: 'Withdrawal to account •••• 6789.',
  },
  {
    state: 'adjustment',
    row: transactionRow({
      id: 'adjustment:0b7c1d2e-3f4a-4b5c-9d6e-7f8a9b0c1d2e',
      category: 'ADJUSTMENT',
      amount: { value: '1.00', currency: 'USD' },
      items: [],
      number_of_scans: null,
      comment: 'Sorry for the broken lid.',
    }),
    title: 'Adjustment by customer care',
    status: 'Completed',
    amount: '+$1.00',
    details: 'Customer care adjusted your balance.',
  },
];

describe('history row', () => {
  for (const { state, row, title, status, amount, details } of states) {
    it(`${state}: says "${title}", its status in words and ${amount ?? 'no amount'}; opened, it explains`, async () => {
      const screen = await renderComponent(
        <ul>
          <TransactionItem row={row} now={now} />
        </ul>,
      );
      const header = page.getByRole('button', { name: new RegExp(`^${title}`) });
      await expect.element(header).toHaveAttribute('aria-expanded', 'false');
      // The status is written out, not told by colour alone.
      await expect.element(header).toHaveTextContent(new RegExp(`${status} · `));
      if (amount) await expect.element(header).toHaveTextContent(new RegExp(`${amount.replace(/[$+]/g, '\\$&')}▾$`));
      else await expect.element(screen.getByTestId('transaction-amount')).not.toBeInTheDocument();
      await expect.element(page.getByText(details, { exact: false })).not.toBeInTheDocument();

      await header.click();
      await expect.element(header).toHaveAttribute('aria-expanded', 'true');
      await expect.element(page.getByText(details, { exact: false })).toBeVisible();
      // Only a rejected scan (the server says it is disputable) offers a dispute.
      const dispute = page.getByRole('button', { name: "This isn't right" });
      if (row.disputable) await expect.element(dispute).toBeVisible();
      else await expect.element(dispute).not.toBeInTheDocument();
    });
  }

  it('a completed scan lists its items in a table with their deposit, and a comment is shown', async () => {
    await renderComponent(
      <ul>
        <TransactionItem row={transactionRow({ comment: 'Thanks!' })} now={now} picked />
      </ul>,
    );
    // A row picked by a notification opens and takes the focus.
    const header = page.getByRole('button', { name: /^3 items returned/ });
    await expect.element(header).toHaveFocus();
    await expect.element(header).toHaveAttribute('aria-expanded', 'true');
    const table = page.getByRole('table');
    await expect.element(table.getByRole('row', { name: 'Reusable cup 2 $0.25' })).toBeVisible();
    await expect.element(table.getByRole('row', { name: 'Lunch box 1 $0.30' })).toBeVisible();
    await expect.element(page.getByText('Comment: Thanks!')).toBeVisible();
  });

  it('sets a Japanese comment against its label, and keeps a masked account number on one line', async () => {
    await renderComponent(
      <ul>
        <TransactionItem row={transactionRow({ comment: 'カップ' })} now={now} picked />
        <TransactionItem row={transactionRow({ ...withdrawal, status: 'COMPLETED' })} now={now} picked />
      </ul>,
      { locale: 'ja-JP' },
    );
    await expect.element(page.getByTestId('transaction-comment')).toHaveTextContent(/^コメント：カップ$/);
    const number = page.getByText(/6789/);
    await expect.element(number).toBeVisible();
    expect(number.element().textContent).toContain('••••\u00A06789');
  });

  it('reads in French and Japanese with their plurals and formats', async () => {
    const row = transactionRow({ amount: { value: '0.80', currency: 'EUR' } });
    const french = await renderComponent(
      <ul>
        <TransactionItem row={row} now={now} />
      </ul>,
      { locale: 'fr-FR' },
    );
    await expect.element(page.getByRole('button', { name: /^3 articles rapportés/ })).toHaveTextContent(/Terminé · .*0,80\s€/);
    await french.unmount();
    await renderComponent(
      <ul>
        <TransactionItem row={transactionRow({ id: 'scan-pending:2026-11-20', status: 'PENDING', items: [] })} now={now} />
      </ul>,
      { locale: 'ja-JP' },
    );
    await expect.element(page.getByRole('button', { name: /^3件のスキャンが確認待ち/ })).toHaveTextContent(/確認待ち · /);
  });
});
