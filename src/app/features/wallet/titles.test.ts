import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { Transaction } from '#domain/schemas/wallet';
import { showsAmount, titleOf, toneOf, transactionTitle } from './titles';
import { transactionRow } from './test-rows';
import { compiledCatalogue } from '../../lib/test-catalogue';

const money = (value: string) => ({ currency: 'USD' as const, value });
const row = (overrides: Partial<Transaction>): Transaction =>
  transactionRow({ id: 'x', amount: money('2.25'), items: [], number_of_scans: null, ...overrides });
const dispute = (status: 'OPEN' | 'CREDITED' | 'UPHELD'): Transaction['dispute'] => ({
  id: 'd',
  status,
  reason: 'not_damaged',
  answer: status === 'UPHELD' ? 'Cracked' : null,
  credited: status === 'CREDITED' ? money('0.40') : null,
  created_at: '2026-11-20T10:00:00Z',
  resolved_at: status === 'OPEN' ? null : '2026-11-21T10:00:00Z',
});
const item = (quantity: number) => ({ product_id: `p${quantity}`, image_url: null, name: 'Oat milk', quantity, price: money('0.75') });

describe('titleOf: the kind and count of a history row title', () => {
  it('counts a completed scan as the sum of item quantities', () => {
    expect(titleOf(row({ items: [item(2), item(1)], number_of_scans: 99 }))).toEqual({ kind: 'returned', count: 3 });
  });
  it('counts scans for pending and rejected rows', () => {
    expect(titleOf(row({ status: 'PENDING', items: [item(5)], number_of_scans: 2 }))).toEqual({ kind: 'pending-scans', count: 2 });
    expect(titleOf(row({ status: 'REJECTED', items: [item(1)], number_of_scans: 1 }))).toEqual({ kind: 'rejected-scans', count: 1 });
  });
  it('titles withdrawals pending, cancelled (CANCELLED or FAILED) or plain', () => {
    expect(titleOf(row({ category: 'WITHDRAWAL', status: 'PENDING' })).kind).toBe('withdrawal-pending');
    expect(titleOf(row({ category: 'WITHDRAWAL', status: 'CANCELLED' })).kind).toBe('withdrawal-cancelled');
    expect(titleOf(row({ category: 'WITHDRAWAL', status: 'FAILED' })).kind).toBe('withdrawal-cancelled');
    expect(titleOf(row({ category: 'WITHDRAWAL', status: 'COMPLETED' })).kind).toBe('withdrawal');
  });
  it('titles an adjustment', () => {
    expect(titleOf(row({ category: 'ADJUSTMENT', amount: money('-1.00') })).kind).toBe('adjustment');
  });
  it('titles a rejected or expired scan whose dispute was credited as the credit, an open or upheld one as the refusal', () => {
    expect(titleOf(row({ status: 'REJECTED', number_of_scans: 1, dispute: dispute('CREDITED') }))).toEqual({
      kind: 'dispute-credited',
      count: 1,
    });
    expect(titleOf(row({ status: 'CANCELLED', number_of_scans: 1, dispute: dispute('CREDITED') })).kind).toBe('dispute-credited');
    expect(titleOf(row({ status: 'REJECTED', number_of_scans: 1, dispute: dispute('OPEN') })).kind).toBe('rejected-scans');
    expect(titleOf(row({ status: 'REJECTED', number_of_scans: 1, dispute: dispute('UPHELD') })).kind).toBe('rejected-scans');
  });
});

describe('amount and tone', () => {
  it('hides the amount of pending and rejected scans, shows the others', () => {
    expect(showsAmount(row({ status: 'PENDING' }))).toBe(false);
    expect(showsAmount(row({ status: 'REJECTED' }))).toBe(false);
    expect(showsAmount(row({ status: 'COMPLETED' }))).toBe(true);
    expect(showsAmount(row({ category: 'WITHDRAWAL', status: 'PENDING' }))).toBe(true);
    expect(showsAmount(row({ category: 'ADJUSTMENT' }))).toBe(true);
  });
  it('shows the amount of a scan whose dispute was credited (it moved money), not of one still open or upheld', () => {
    expect(showsAmount(row({ status: 'REJECTED', amount: money('0.40'), dispute: dispute('CREDITED') }))).toBe(true);
    expect(showsAmount(row({ status: 'CANCELLED', amount: money('0.40'), dispute: dispute('CREDITED') }))).toBe(true);
    expect(showsAmount(row({ status: 'REJECTED', amount: money('0.00'), dispute: dispute('OPEN') }))).toBe(false);
    expect(showsAmount(row({ status: 'REJECTED', amount: money('0.00'), dispute: dispute('UPHELD') }))).toBe(false);
    expect(toneOf(row({ status: 'REJECTED', amount: money('0.40'), dispute: dispute('CREDITED') }))).toBe('credit');
  });
  it('styles pending rows apart from cancelled, failed and rejected ones', () => {
    expect(toneOf(row({ status: 'PENDING' }))).toBe('pending');
    for (const status of ['CANCELLED', 'FAILED', 'REJECTED'] as const) expect(toneOf(row({ status }))).toBe('closed');
    expect(toneOf(row({ category: 'ADJUSTMENT', amount: money('-1.00') }))).toBe('debit');
  });
});

describe.each([
  [
    'en-US',
    [
      '1 item returned',
      '3 items returned',
      '1 scan pending',
      '2 scans pending',
      '2 scans rejected',
      'Withdrawal pending',
      'Withdrawal canceled',
      'Withdrawal',
      'Adjustment by customer care',
      '1 item credited after your dispute',
    ],
  ],
  [
    'fr-FR',
    [
      '1 article rapporté',
      '3 articles rapportés',
      '1 scan en attente',
      '2 scans en attente',
      '2 scans refusés',
      'Retrait en attente',
      'Retrait annulé',
      'Retrait',
      'Ajustement par le service client',
      '1 article crédité après votre contestation',
    ],
  ],
  [
    'ja-JP',
    [
      '1個の容器を返却',
      '3個の容器を返却',
      '1件のスキャンが確認待ち',
      '2件のスキャンが確認待ち',
      '2件のスキャンが不承認',
      '出金処理中',
      '出金取り消し',
      '出金',
      'カスタマーケアによる調整',
      '異議により1個分を返金',
    ],
  ],
  [
    'en-GB',
    [
      '1 item returned',
      '3 items returned',
      '1 scan pending',
      '2 scans pending',
      '2 scans rejected',
      'Withdrawal pending',
      'Withdrawal cancelled',
      'Withdrawal',
      'Adjustment by customer care',
      '1 item credited after your dispute',
    ],
  ],
] as const)('transactionTitle in %s', (locale, expected) => {
  beforeEach(() => i18n.loadAndActivate({ locale, messages: compiledCatalogue(locale) }));
  it('uses the plural and the wording of the language', () => {
    expect([
      transactionTitle(row({ items: [item(1)] })),
      transactionTitle(row({ items: [item(2), item(1)] })),
      transactionTitle(row({ status: 'PENDING', number_of_scans: 1 })),
      transactionTitle(row({ status: 'PENDING', number_of_scans: 2 })),
      transactionTitle(row({ status: 'REJECTED', number_of_scans: 2 })),
      transactionTitle(row({ category: 'WITHDRAWAL', status: 'PENDING' })),
      transactionTitle(row({ category: 'WITHDRAWAL', status: 'FAILED' })),
      transactionTitle(row({ category: 'WITHDRAWAL', status: 'COMPLETED' })),
      transactionTitle(row({ category: 'ADJUSTMENT' })),
      transactionTitle(row({ status: 'REJECTED', number_of_scans: 1, dispute: dispute('CREDITED') })),
    ]).toEqual(expected);
  });
});
