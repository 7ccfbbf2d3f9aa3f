import type { Currency } from '../markets';

/** The longest a returned container takes to be checked in at the cleaning facility (docs/product.md, Scans and containers). */
export const checkInDaysMax = 32;

/** Japan's bank-transfer fee (docs/product.md, Withdrawals and fees): 249 yen on a withdrawal below 8,800 yen. */
export const japanWithdrawalFee = {
  currency: 'JPY',
  feeMinor: 249,
  appliesBelowMinor: 8800,
} as const satisfies { currency: Currency; feeMinor: number; appliesBelowMinor: number };
