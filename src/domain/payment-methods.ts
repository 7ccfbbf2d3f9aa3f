import type { CountryCode } from './markets';
import { markets } from './markets';

/** The three ways out, each with the key its bank data travels under and the field shown (docs/product.md, Payment methods per market). */
export const paymentMethods = ['TRANSFERWISE', 'PAYPAL', 'LINE'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (paymentMethods as readonly string[]).includes(value);
}

export const bankDataKeys = {
  LINE: 'lineData',
  PAYPAL: 'paypalWithdrawData',
  TRANSFERWISE: 'transfer_wise_data',
} as const satisfies Record<PaymentMethod, string>;

/**
 * Every market lists the bank transfer and PayPal;
 * LINE Pay is supported by the forms and the API but listed for no market. Change a
 * market's list here to offer it (the app and the server both read this table), or offer it
 * in some markets of one deployment with the server's LINE_PAY_MARKETS.
 */
export const paymentMethodsByMarket: Record<CountryCode, readonly PaymentMethod[]> = {
  us: ['TRANSFERWISE', 'PAYPAL'],
  ca: ['TRANSFERWISE', 'PAYPAL'],
  uk: ['TRANSFERWISE', 'PAYPAL'],
  fr: ['TRANSFERWISE', 'PAYPAL'],
  jp: ['TRANSFERWISE', 'PAYPAL'],
};

/** The methods a market offers, with LINE Pay added where the deployment offers it (LINE_PAY_MARKETS). */
export function methodsOffered(countryCode: CountryCode, linePayMarkets: readonly CountryCode[] = []): readonly PaymentMethod[] {
  const listed = paymentMethodsByMarket[countryCode];
  return linePayMarkets.includes(countryCode) && !listed.includes('LINE') ? [...listed, 'LINE'] : listed;
}

export function isOfferedIn(countryCode: CountryCode, method: PaymentMethod, linePayMarkets: readonly CountryCode[] = []): boolean {
  return methodsOffered(countryCode, linePayMarkets).includes(method);
}

/** A 249 JPY fee on a Japanese withdrawal below 8,800 JPY; no fee elsewhere (docs/product.md, Withdrawals and fees). */
export const japaneseFee = { belowMinor: 8_800, feeMinor: 249 } as const;

export function withdrawalFeeMinor(countryCode: CountryCode, amountMinor: number): number {
  if (countryCode === 'jp' && amountMinor < japaneseFee.belowMinor) return japaneseFee.feeMinor;
  return 0;
}

export function minimumWithdrawalMinor(countryCode: CountryCode): number {
  return markets[countryCode].minimumWithdrawalMinor;
}

export type WithdrawalAmountProblem = 'amountInvalid' | 'amountBelowMinimum' | 'amountAboveBalance';

/**
 * The amount rules in one place (app before sending, server on the request): a whole number
 * of minor units, at least the market's minimum (and more than the fee), at most the balance.
 * The minimum is checked first: an amount under it can never succeed, whatever the balance, and
 * "over your balance" would send the person looking for money they do not need.
 */
export function checkWithdrawalAmount(
  countryCode: CountryCode,
  amountMinor: number | undefined,
  balanceMinor: number,
): WithdrawalAmountProblem | undefined {
  if (amountMinor === undefined || !Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 'amountInvalid';
  if (amountMinor < minimumWithdrawalMinor(countryCode) || amountMinor <= withdrawalFeeMinor(countryCode, amountMinor))
    return 'amountBelowMinimum';
  if (amountMinor > balanceMinor) return 'amountAboveBalance';
  return undefined;
}
