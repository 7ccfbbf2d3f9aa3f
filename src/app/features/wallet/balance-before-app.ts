/**
 * The balance the prerendered shell shows before the app runs (src/app/shell/balance-before-app.js).
 * The account page's first figure does not roll its reels up from zero again when it is that same
 * figure; once the page is left, later visits roll as usual.
 */
const readShellBalance = (): string | undefined =>
  typeof document === 'undefined'
    ? undefined
    : (document.querySelector('[data-balance-slot="shell"] [data-testid="balance"]')?.textContent ?? undefined);

/** Read when this module loads, before the app renders over the shell; read again at the first ask. */
let shownBeforeApp: string | undefined = readShellBalance();
let asked = false;

/**
 * What the shell shows as the app first renders the balance: read at that render, while the shell is
 * still on screen, because the shell's script may have put in the server's figure since this module
 * loaded (it first shows the saved one, then asks the server). Read only at load, a saved figure
 * older than the server's made the app roll the server's up from zero over it.
 */
export function balanceShownBeforeApp(): string | undefined {
  if (!asked) {
    asked = true;
    shownBeforeApp = readShellBalance() ?? shownBeforeApp;
  }
  return shownBeforeApp;
}

export function forgetBalanceShownBeforeApp(): void {
  asked = true;
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
