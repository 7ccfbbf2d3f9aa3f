import type { Transaction } from '#domain/schemas/wallet';

/** A history row as GET /merged_transactions answers it, for component tests; `changes` make each state. */
export function transactionRow(changes: Partial<Transaction> = {}): Transaction {
  return {
    id: 'scan:5c0f2a4e-7b1d-4c3a-9e8f-0a1b2c3d4e5f',
    created_at: '2026-11-20T10:00:00.000Z',
    category: 'SCAN',
    status: 'COMPLETED',
    amount: { value: '0.80', currency: 'USD' },
    comment: null,
    items: [
      { product_id: 'us-cup', image_url: null, name: 'Reusable cup', quantity: 2, price: { value: '0.25', currency: 'USD' } },
      { product_id: 'us-box', image_url: null, name: 'Lunch box', quantity: 1, price: { value: '0.30', currency: 'USD' } },
    ],
    number_of_scans: 3,
    price: null,
    account_name: null,
    account_number: null,
    dispute: null,
    disputable: false,
    disputable_from: null,
    claim: null,
    ...changes,
  };
}

/** The signed-in customer the app knows (the outbox keeps each action under its owner). */
export const testCustomer = {
  id: '41',
  email: 'hana@example.com',
  name: 'Hana',
  country_code: 'us',
  locale: 'en-US',
  zip_code: '10001',
  address: null,
  city: null,
  state: null,
  email_verified: true,
  created_at: '2026-01-05T09:00:00.000Z',
} as const;
