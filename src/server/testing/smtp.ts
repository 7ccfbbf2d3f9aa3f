import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { DatabaseKind } from './databases';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export interface ReceivedMail {
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  url: string;
  mails: ReceivedMail[];
  /** The first mail to `to` (after `since` mails were already seen) matching `match`; waits for it. */
  waitForMail(to: string, options?: { match?: (mail: ReceivedMail) => boolean; timeoutMs?: number }): Promise<ReceivedMail>;
  mailsTo(to: string): ReceivedMail[];
  close(): Promise<void>;
}

/** A real SMTP server on a free local port: the app's mails go over the wire as in production. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            mails.push({
              to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
              replyTo: (parsed.replyTo ?? []).flatMap((address) => (address.address ? [address.address.toLowerCase()] : [])),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const mailsTo = (to: string) => mails.filter((mail) => mail.to.includes(to.toLowerCase()));

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    async waitForMail(to, options = {}) {
      const match = options.match ?? (() => true);
      const find = () => mailsTo(to).find(match);
      const found = find();
      if (found) return found;
      return new Promise<ReceivedMail>((resolve, reject) => {
        const wake = () => {
          const mail = find();
          if (!mail) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${to} within ${options.timeoutMs ?? 5000} ms`));
        }, options.timeoutMs ?? 5000);
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 4-digit code of a verification mail. */
export function codeFromMail(mail: ReceivedMail): string {
  const match = /\/user\/verify-email\?code=(\d{4})/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no verification code in mail "${mail.subject}"`);
  return match[1];
}

/** The reset token of a reset-password mail. */
export function resetTokenFromMail(mail: ReceivedMail): string {
  const match = /\/reset-password\?token=([A-Za-z0-9_\-%]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no reset link in mail "${mail.subject}"`);
  return decodeURIComponent(match[1]);
}

/**
 * For a describe block: a fresh server whose mail goes to a local SMTP server the tests read,
 * started before the block's tests and closed after them. `use` receives both once started.
 */
export function withMailingApp(kind: DatabaseKind, use: (app: TestApp, smtp: TestSmtpServer) => void, options: TestAppOptions = {}): void {
  let app: TestApp | undefined;
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    app = await createTestApp(kind, { ...options, smtpUrl: smtp.url });
    use(app, smtp);
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });
}
