/**
 * Debian's Chromium as the tests and benches start it on these machines, one list for all of them
 * (Playwright's projects, the fake camera, the benches, Lighthouse): no sandbox and no GPU (a
 * container without either), no QUIC, and none of the first-run, sync and update traffic that
 * would reach outside this machine or cost CPU while a test or a figure is measured.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
