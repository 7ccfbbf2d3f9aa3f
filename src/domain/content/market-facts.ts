import type { Currency } from '../markets';

/** Japan's withdrawal fee, whatever the method (docs/product.md, Withdrawals and fees): 249 yen on a withdrawal below 8,800 yen. */
export const japanWithdrawalFee = {
  currency: 'JPY',
  feeMinor: 249,
  appliesBelowMinor: 8800,
} as const satisfies { currency: Currency; feeMinor: number; appliesBelowMinor: number };
