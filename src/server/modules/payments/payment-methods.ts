import { and, eq, ne } from 'drizzle-orm';
import { maskAccountNumber, maskEmail } from '#domain/bank-accounts';
import { isCountryCode, type CountryCode } from '#domain/markets';
import { isPaymentMethod, type PaymentMethod } from '#domain/payment-methods';
import {
  bankAccountSchemas,
  linePaySchema,
  storedBankAccountSchemas,
  paypalSchema,
  storedLinePaySchema,
  type BankAccount,
  type LinePayAccount,
  type PaypalAccount,
} from '#domain/schemas/payments';
import type { PaymentMethods } from '#domain/schemas/payment-methods-answer';
import type { Database, Executor } from '../../db/client';
import { paymentDataKeys, paymentMethods, users, withdrawals } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { parseInput } from '../../http/validation';
import type { Customer } from '../accounts/customers';
import type { PaymentCipher } from './encryption';

/** What is stored (encrypted) for each method. */
export type PaymentDetails =
  | { method: 'TRANSFERWISE'; account: BankAccount }
  | { method: 'PAYPAL'; account: PaypalAccount }
  | { method: 'LINE'; account: LinePayAccount };

/** The phone digits LINE Pay destinations carry, as every answer shows them. */
export function maskedPhoneLast4(digits: string): string {
  return `•••• ${digits}`;
}

/** The associated data a sealed value is bound to: its owner and method. */
export function sealOwner(userId: string, method: PaymentMethod): string {
  return `${userId}:${method}`;
}

/** Validate a method's form for the customer's market (the bank form differs per market). */
export function parseDetails(countryCode: CountryCode, method: PaymentMethod, input: unknown): PaymentDetails {
  switch (method) {
    case 'TRANSFERWISE': {
      const form = parseInput(bankAccountSchemas[countryCode], input);
      // TypeScript cannot tie a market to its own form's type; that market's schema parsed the form.
      // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
      return { method, account: { country: countryCode, ...form } as BankAccount };
    }
    case 'PAYPAL':
      return { method, account: parseInput(paypalSchema, input) };
    case 'LINE':
      return { method, account: parseInput(linePaySchema, input) };
  }
}

/** Decrypt and re-check a stored value (a value that does not parse is a bug or tampering: it throws). */
export function openDetails(cipher: PaymentCipher, userId: string, method: PaymentMethod, sealed: string): PaymentDetails {
  const value = cipher.open(sealed, sealOwner(userId, method));
  if (method === 'TRANSFERWISE') {
    const country = (value as { country?: unknown }).country;
    if (!isCountryCode(country)) throw new Error('stored bank account without its market');
    const { country: _country, ...form } = value as Record<string, unknown>;
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- as in parseDetails
    return { method, account: { country, ...storedBankAccountSchemas[country].parse(form) } as BankAccount };
  }
  if (method === 'PAYPAL') return { method, account: paypalSchema.parse(value) };
  return { method, account: storedLinePaySchema.parse(value) };
}

/** The holder's name and the masked number, as a history row and the payout list show them. */
export function shownAccount(details: PaymentDetails): { name: string | null; number: string; bank: string | null; iban: boolean } {
  switch (details.method) {
    case 'PAYPAL':
      return { name: null, number: maskEmail(details.account.email), bank: null, iban: false };
    case 'LINE':
      return { name: null, number: maskAccountNumber(details.account.referenceNo), bank: null, iban: false };
    case 'TRANSFERWISE': {
      const account = details.account;
      switch (account.country) {
        case 'us':
          return { name: account.name, number: maskAccountNumber(account.account_number), bank: account.routing_number, iban: false };
        case 'ca':
          return {
            name: account.name,
            number: maskAccountNumber(account.account_number),
            bank: `${account.transit_number}-${account.institution_number}`,
            iban: false,
          };
        case 'uk':
          return {
            name: account.name,
            number: maskAccountNumber(account.account_number),
            bank: account.sort_code.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3'),
            iban: false,
          };
        case 'fr':
          return { name: account.name, number: `${account.iban.slice(0, 2)}•• ${maskAccountNumber(account.iban)}`, bank: null, iban: true };
        case 'jp':
          return {
            name: account.account_name,
            number: maskAccountNumber(account.account_number, 3),
            bank: `${account.bank_code}-${account.branch_code}`,
            iban: false,
          };
      }
    }
  }
}

export interface StoredMethod {
  details: PaymentDetails;
  sealed: string;
  isDefault: boolean;
  updatedAt: Date;
}

export async function storedMethods(executor: Executor, cipher: PaymentCipher, userId: string): Promise<StoredMethod[]> {
  const rows = await executor.select().from(paymentMethods).where(eq(paymentMethods.userId, userId));
  return rows
    .filter((row) => isPaymentMethod(row.method))
    .map((row) => ({
      details: openDetails(cipher, userId, row.method, row.details),
      sealed: row.details,
      isDefault: row.isDefault,
      updatedAt: row.updatedAt,
    }));
}

/** GET /payment_methods: the keys earlier clients read, masked. */
export async function getPaymentMethods(db: Executor, cipher: PaymentCipher, customer: Customer): Promise<PaymentMethods> {
  const stored = await storedMethods(db, cipher, customer.id);
  const offered = customer.offered;
  const view: PaymentMethods = {
    withdraw_type: null,
    available_methods: [...offered],
    transfer_wise_data: null,
    paypalWithdrawData: null,
    lineData: null,
  };
  for (const { details, isDefault, updatedAt } of stored) {
    const shown = shownAccount(details);
    const updated_at = updatedAt.toISOString();
    if (isDefault) view.withdraw_type = details.method;
    if (details.method === 'TRANSFERWISE') {
      view.transfer_wise_data = {
        account_number: shown.iban ? null : shown.number,
        iban: shown.iban ? shown.number : null,
        name: shown.name ?? '',
        bank: shown.bank,
        account_type: details.account.country === 'us' || details.account.country === 'jp' ? details.account.account_type : null,
        updated_at,
      };
    } else if (details.method === 'PAYPAL') {
      view.paypalWithdrawData = { email: shown.number, updated_at };
    } else {
      const phone = details.method === 'LINE' ? details.account.phoneLast4 : undefined;
      view.lineData = { referenceNo: shown.number, phoneLast4: phone ? maskedPhoneLast4(phone) : null, updated_at };
    }
  }
  return view;
}

/**
 * Every key that sealed a stored value is in payment_data_keys (the start check relies on it).
 * Usually already there; after the value's row is written, so that a rotation running at the
 * same time either re-seals this value (it waits for this transaction) or sees this key listed
 * again once it has committed.
 */
async function recordSealingKey(executor: Executor, cipher: PaymentCipher) {
  const sealing = cipher.keys[0]!;
  await executor.insert(paymentDataKeys).values({ keyId: sealing.id, verifier: sealing.verifier }).onConflictDoNothing();
}

/** Changes to one customer's methods take turns (the first saved becomes the default exactly once). */
async function lockCustomer(executor: Executor, userId: string) {
  await executor.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** POST /payment_methods/{method}: saves (or replaces) the method; the first one saved becomes the default. */
export async function savePaymentMethod(
  db: Database,
  cipher: PaymentCipher,
  customer: Customer,
  method: PaymentMethod,
  input: unknown,
  now: Date,
) {
  if (!customer.offered.includes(method)) throw new ApiError(422, 'PAYMENT_METHOD_UNAVAILABLE', { withdraw_type: 'invalidValue' });
  const details = parseDetails(customer.countryCode, method, input);
  const sealed = cipher.seal(details.account, sealOwner(customer.id, method));
  await db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    const [existingDefault] = await tx
      .select({ method: paymentMethods.method })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, customer.id), eq(paymentMethods.isDefault, true)))
      .limit(1);
    await tx
      .insert(paymentMethods)
      .values({ userId: customer.id, method, details: sealed, isDefault: !existingDefault, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [paymentMethods.userId, paymentMethods.method], set: { details: sealed, updatedAt: now } });
    await recordSealingKey(tx, cipher);
  });
  return getPaymentMethods(db, cipher, customer);
}

/** PUT /payment_methods {withdraw_type}: a method on file and offered in the market becomes the default. */
export async function setDefaultPaymentMethod(db: Database, cipher: PaymentCipher, customer: Customer, method: PaymentMethod, now: Date) {
  if (!customer.offered.includes(method)) throw new ApiError(422, 'PAYMENT_METHOD_UNAVAILABLE', { withdraw_type: 'invalidValue' });
  await db.transaction(async (tx) => {
    await lockCustomer(tx, customer.id);
    const [row] = await tx
      .select({ isDefault: paymentMethods.isDefault })
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, customer.id), eq(paymentMethods.method, method)))
      .limit(1);
    if (!row) throw new ApiError(422, 'PAYMENT_METHOD_MISSING', { withdraw_type: 'invalidValue' });
    if (row.isDefault) return;
    await tx
      .update(paymentMethods)
      .set({ isDefault: false })
      .where(and(eq(paymentMethods.userId, customer.id), eq(paymentMethods.isDefault, true)));
    await tx
      .update(paymentMethods)
      .set({ isDefault: true, updatedAt: now })
      .where(and(eq(paymentMethods.userId, customer.id), eq(paymentMethods.method, method)));
  });
  return getPaymentMethods(db, cipher, customer);
}

/**
 * For account deletion: the customer's stored bank details go, and so do the
 * destination snapshots of their settled withdrawals (the amounts stay in the ledger).
 * A pending withdrawal keeps its snapshot: deletion is refused while one is pending.
 */
export async function erasePaymentMethods(executor: Executor, userId: string): Promise<void> {
  await executor.delete(paymentMethods).where(eq(paymentMethods.userId, userId));
  await executor
    .update(withdrawals)
    .set({ payoutDetails: null, accountName: null, accountNumber: null })
    .where(and(eq(withdrawals.userId, userId), ne(withdrawals.status, 'PENDING')));
}
