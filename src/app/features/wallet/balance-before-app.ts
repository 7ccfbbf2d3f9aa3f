/**
 * The balance the prerendered shell showed before the app ran (src/app/shell/balance-before-app.js), read
 * when this module loads, which is before the app renders over the shell. The account page's first
 * figure does not roll its reels up from zero again when it is that same figure; once the page is
 * left, later visits roll as usual.
 */
let shownBeforeApp: string | undefined =
  typeof document === 'undefined'
    ? undefined
    : (document.querySelector('[data-balance-slot] [data-testid="balance"]')?.textContent ?? undefined);

export const balanceShownBeforeApp = (): string | undefined => shownBeforeApp;

export function forgetBalanceShownBeforeApp(): void {
  shownBeforeApp = undefined;
}

/**
 * The User Timing mark set when the app itself first shows the balance, after the shell's script
 * may have shown it: the moment the page is the app, whose start `npm run bench` times
 * (bench/start.ts), and one a real-user measurement can read with `performance.getEntriesByName`.
 */
export const balanceShownByAppMark = 'roundtrip:balance-shown-by-app';

export function markBalanceShownByApp(): void {
  if (typeof performance.mark === 'function' && performance.getEntriesByName(balanceShownByAppMark).length === 0)
    performance.mark(balanceShownByAppMark);
}
