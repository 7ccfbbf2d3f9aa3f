/**
 * How much one missing-texts report may hold, and how many keys the server keeps: read by the
 * server's schema and by the app, which splits its reports to fit. Apart from the schemas so that
 * the app takes these numbers without the schemas' zod calls.
 */
export const missingTextLimits = {
  /** Keys in one report: the app sends one page's missing keys at a time. */
  keysPerReport: 50,
  keyLength: 200,
  textLength: 2000,
  /** Rows kept at most: past it, reports only count keys already listed (a flood cannot fill the database). */
  storedKeys: 10_000,
} as const;
