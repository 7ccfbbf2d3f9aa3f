import type { BankAccount } from '#domain/schemas/payments';
import type { CountryCode } from '#domain/markets';
import type { PayoutInstruction } from '../payout-provider';

/** A payout to a bank account of market C: what each market's file is written from. */
export interface BankPayout<C extends CountryCode> {
  reference: string;
  /** Minor units of the market's currency. */
  amountMinor: number;
  account: Extract<BankAccount, { country: C }>;
}

export function bankPayoutsOf<C extends CountryCode>(instructions: readonly PayoutInstruction[], country: C): BankPayout<C>[] {
  return instructions.flatMap((instruction) => {
    const destination = instruction.destination;
    if (destination.method !== 'TRANSFERWISE') return [];
    const account = destination.account;
    if (!isOf(account, country)) return [];
    return [{ reference: instruction.payoutReference, amountMinor: instruction.payoutMinor, account }];
  });
}

function isOf<C extends CountryCode>(account: BankAccount, country: C): account is Extract<BankAccount, { country: C }> {
  return account.country === country;
}

/** A decimal amount from minor units with `exponent` digits after the point, without floating point. */
export function decimalOf(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const text = String(minor).padStart(exponent + 1, '0');
  return `${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
}

/** The calendar date at `now` in a market's time zone, as YYYY-MM-DD. */
export function localDate(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The next weekday after `date` (YYYY-MM-DD): banks settle no file on a weekend. */
export function nextWeekday(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6);
  return day.toISOString().slice(0, 10);
}

/** Left-aligned, cut or filled with spaces to exactly `length` characters. */
export function alpha(value: string, length: number): string {
  return value.slice(0, length).padEnd(length, ' ');
}

/** Right-aligned digits filled with zeros; a value too long is a bug, never cut silently. */
export function numeric(value: number | string, length: number): string {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > length) throw new Error(`${text} does not fit ${length} digits`);
  return text.padStart(length, '0');
}
