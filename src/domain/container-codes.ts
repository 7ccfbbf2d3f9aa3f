/**
 * Container codes: 10 Crockford base-32 symbols and one Crockford check symbol
 * (the value mod 37). Any single mistyped or misread symbol changes the value
 * by a non-multiple of 37, so the phone catches it before a scan is queued.
 */

const symbols = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const checkSymbols = `${symbols}*~$=U`;
export const containerCodeDataLength = 10;
export const containerCodeLength = containerCodeDataLength + 1;

export type ContainerCodeProblem = 'empty' | 'format' | 'checksum' | 'foreign';

export type ContainerCodeResult = { ok: true; code: string } | { ok: false; problem: ContainerCodeProblem };

/** Crockford's decoding aliases: people and cameras confuse these. */
function normalizeSymbols(raw: string): string {
  return raw.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

function checkSymbolOf(data: string): string {
  let remainder = 0;
  for (const symbol of data) {
    remainder = (remainder * 32 + symbols.indexOf(symbol)) % 37;
  }
  return checkSymbols[remainder]!;
}

/** Validate a typed or scanned bare code. */
export function validateContainerCode(raw: string): ContainerCodeResult {
  const code = normalizeSymbols(raw);
  if (code.length === 0) return { ok: false, problem: 'empty' };
  if (code.length !== containerCodeLength) return { ok: false, problem: 'format' };
  const data = code.slice(0, containerCodeDataLength);
  const check = code.slice(containerCodeDataLength);
  if ([...data].some((symbol) => !symbols.includes(symbol)) || !checkSymbols.includes(check)) {
    return { ok: false, problem: 'format' };
  }
  if (checkSymbolOf(data) !== check) return { ok: false, problem: 'checksum' };
  return { ok: true, code };
}

/** The QR payload printed on a container. */
export function containerUrl(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/$/, '')}/r/${code}`;
}

/**
 * Read a scanned QR payload: our own `{origin}/r/{CODE}` URL or a bare code.
 * Any other URL or text is foreign, whatever it contains.
 */
export function parseScannedPayload(payload: string, ownOrigin: string): ContainerCodeResult {
  const text = payload.trim();
  if (text.length === 0) return { ok: false, problem: 'empty' };
  if (/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { ok: false, problem: 'foreign' };
    }
    const match = /^\/r\/([^/]+)\/?$/.exec(url.pathname);
    if (url.origin !== new URL(ownOrigin).origin || !match?.[1]) return { ok: false, problem: 'foreign' };
    return validateContainerCode(decodeURIComponent(match[1]));
  }
  const result = validateContainerCode(text);
  return result.ok || result.problem === 'checksum' ? result : { ok: false, problem: 'foreign' };
}

/** A new code from 50 random bits (the caller supplies the randomness: crypto on the server). */
export function containerCodeFromRandom(randomBytes: Uint8Array): string {
  if (randomBytes.length < 7) throw new Error('need at least 7 random bytes');
  let bits = 0n;
  for (const byte of randomBytes.subarray(0, 7)) bits = (bits << 8n) | BigInt(byte);
  let data = '';
  for (let index = 0; index < containerCodeDataLength; index += 1) {
    data = symbols[Number(bits & 31n)]! + data;
    bits >>= 5n;
  }
  return data + checkSymbolOf(data);
}
