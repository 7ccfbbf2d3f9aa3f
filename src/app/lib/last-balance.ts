import type { Money } from '#domain/money';

/**
 * The last balance this device was given, kept for src/app/shell/balance-before-app.js: a signed-in
 * page's prerendered shell shows it before the app's scripts run (same key, same shape). Only
 * while a session is open: the end of a session forgets it (session.ts clearTokens: sign-out, a
 * refused renewal), and so does a new sign-in or a start without a session, so one customer's
 * figure never shows to the next.
 */
export const lastBalanceKey = 'last_balance';

export function rememberBalance(balance: Money): void {
  try {
    localStorage.setItem(lastBalanceKey, JSON.stringify({ value: balance.value, currency: balance.currency }));
  } catch {
    // Storage refused (private mode, full): the shell shows its loading state instead.
  }
}

export function forgetBalance(): void {
  try {
    localStorage.removeItem(lastBalanceKey);
  } catch {
    // Storage refused: nothing was kept.
  }
}
