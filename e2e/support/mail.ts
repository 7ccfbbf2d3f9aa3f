import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/** Mails the server wrote as .eml files (no SMTP_URL in the e2e run). */
const mailDir = path.resolve('.tmp/e2e-data/mail');

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < joined.length; index++) {
    const char = joined[index]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(index + 1, index + 3))) {
      bytes.push(parseInt(joined.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The plain-text body of the newest mail of a kind sent to an address. */
async function newestMail(to: string, kind: string, after: number): Promise<string | undefined> {
  let files: string[];
  try {
    files = await readdir(mailDir);
  } catch {
    return undefined;
  }
  const candidates = files.filter((file) => file.endsWith('.eml') && file.includes(kind)).sort().reverse();
  for (const file of candidates) {
    const raw = await readFile(path.join(mailDir, file), 'utf8');
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
    const dated = /^Date: (.+)$/m.exec(raw)?.[1];
    if (dated && Date.parse(dated) < after - 1000) continue;
    return decodeQuotedPrintable(raw);
  }
  return undefined;
}

export async function waitForMail(to: string, kind: string, after = 0): Promise<string> {
  let body: string | undefined;
  await expect
    .poll(async () => {
      body = await newestMail(to, kind, after);
      return body !== undefined;
    }, { timeout: 10_000, message: `a ${kind} mail to ${to}` })
    .toBe(true);
  return body!;
}

export async function verificationCode(to: string, after = 0): Promise<string> {
  const body = await waitForMail(to, 'verif', after);
  const code = /verify-email\?code=(\d{4})/.exec(body)?.[1];
  if (!code) throw new Error(`No 4-digit code in the mail to ${to}`);
  return code;
}

export async function mailedLink(to: string, kind: string, pattern: RegExp, after = 0): Promise<URL> {
  const full = await waitForMail(to, kind, after);
  // The plain-text part: the HTML part repeats the link inside markup.
  const body = full.split(/Content-Type: text\/html/i)[0] ?? full;
  const match = pattern.exec(body);
  if (!match) throw new Error(`No link matching ${pattern} in the ${kind} mail to ${to}`);
  return new URL(match[0]);
}
