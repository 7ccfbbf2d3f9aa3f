import { formatMoney, type Money } from '#domain/money';

/**
 * The last balance this device was given, kept for src/app/shell/balance-before-app.js: a signed-in
 * page's prerendered shell shows it before the app's scripts run (same key, same shape). Only
 * while a session is open: the end of a session forgets it (session.ts clearTokens: sign-out, a
 * refused renewal), and so does a new sign-in or a start without a session, so one customer's
 * figure never shows to the next.
 */
export const lastBalanceKey = 'last_balance';

/**
 * Kept with the figure as the app shows it in `locale`: the shell shows that text when its page is
 * in the same language, without building a number format first. The first one a page's process
 * builds loads the language's currency data (18 ms on a desktop, some 70 ms on a phone), which an
 * offline start from the home screen paid before its first figure.
 */
export function rememberBalance(balance: Money, locale: string): void {
  try {
    const shown = { lang: locale, text: formatMoney(balance, locale) };
    localStorage.setItem(lastBalanceKey, JSON.stringify({ value: balance.value, currency: balance.currency, shown }));
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
