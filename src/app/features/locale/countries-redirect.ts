/**
 * The countries redirect flag: a first visit with no known country or language goes to
 * /countries, and comes back to the address it was opened with once a country is chosen.
 */
const returnKey = 'countries_redirect';

export function rememberReturnPath(path: string): void {
  sessionStorage.setItem(returnKey, path);
}

export function takeReturnPath(): string | undefined {
  const path = sessionStorage.getItem(returnKey) ?? undefined;
  sessionStorage.removeItem(returnKey);
  return path;
}
