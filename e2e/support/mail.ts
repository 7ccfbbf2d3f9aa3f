import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import PostalMime from 'postal-mime';

/** Mails the server wrote as .eml files (no SMTP_URL in the e2e run). */
const mailDir = path.resolve(`.tmp/e2e-data-${process.env.E2E_PORT ?? 8181}/mail`);

/** The plain-text body of the newest mail of a kind sent to an address since `after`. */
async function newestMail(to: string, kind: string, after: number): Promise<string | undefined> {
  let files: string[];
  try {
    files = await readdir(mailDir);
  } catch {
    return undefined;
  }
  const candidates = files
    .filter((file) => file.endsWith('.eml') && file.includes(kind))
    .sort()
    .reverse();
  for (const file of candidates) {
    const mail = await PostalMime.parse(await readFile(path.join(mailDir, file)));
    if (!mail.to?.some((address) => address.address?.toLowerCase() === to.toLowerCase())) continue;
    if (mail.date && Date.parse(mail.date) < after - 1000) continue;
    return mail.text ?? '';
  }
  return undefined;
}

export async function waitForMail(to: string, kind: string, after = 0): Promise<string> {
  let body: string | undefined;
  await expect
    .poll(
      async () => {
        body = await newestMail(to, kind, after);
        return body !== undefined;
      },
      { timeout: 10_000, message: `a ${kind} mail to ${to}` },
    )
    .toBe(true);
  return body ?? '';
}

export async function verificationCode(to: string, after = 0): Promise<string> {
  const body = await waitForMail(to, 'verif', after);
  const code = /verify-email\?code=(\d{4})/.exec(body)?.[1];
  if (!code) throw new Error(`No 4-digit code in the mail to ${to}`);
  return code;
}

export async function mailedLink(to: string, kind: string, pattern: RegExp, after = 0): Promise<URL> {
  const body = await waitForMail(to, kind, after);
  const match = pattern.exec(body);
  if (!match) throw new Error(`No link matching ${pattern} in the ${kind} mail to ${to}`);
  return new URL(match[0]);
}
