import type { Currency } from '../markets';

/** The longest a returned container takes to be checked in at the cleaning facility (spec §9). */
export const checkInDaysMax = 32;

/** Japan's bank-transfer fee (spec §9): 249 yen on a withdrawal below 8,800 yen. */
export const japanWithdrawalFee = {
  currency: 'JPY',
  feeMinor: 249,
  appliesBelowMinor: 8800,
} as const satisfies { currency: Currency; feeMinor: number; appliesBelowMinor: number };
