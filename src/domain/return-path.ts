const probeOrigin = 'https://roundtrip.invalid';

/**
 * Only a path of this site may be a return address or a page a notification opens, never another
 * origin (open redirect). Shared by the app (sign-in's return address) and the service worker (a
 * push's deep link). The browser's own URL parser decides: it reads `\` as `/` and drops tabs and
 * line breaks, so `/\evil.example` or `/<tab>/evil.example` would leave the site.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(value, probeOrigin);
  } catch {
    return undefined;
  }
  if (resolved.origin !== probeOrigin || value.startsWith('//') || value.includes('\\')) return undefined;
  return value;
}
