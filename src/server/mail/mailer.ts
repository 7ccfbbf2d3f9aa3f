import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go, when not to the sender (support answers a contact message to its author). */
  replyTo?: string;
  /** What the mail is for, for the log; never its content, which holds codes and links. */
  kind: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  /** Waits for every mail still being sent (those queued after an answer): shutdown calls it before close. */
  drain(): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Where mails are written as .eml files when there is no SMTP server. */
  mailDir: string;
  logger: FastifyBaseLogger;
}

/**
 * SMTP when SMTP_URL is set; otherwise each mail is rendered by the same
 * library into an .eml file under DATA_DIR/mail, so a local user can open it.
 */
export function createMailer(options: MailerOptions): Mailer {
  return trackInFlight(createTransportMailer(options));
}

/** Remembers the sends under way, so that shutdown can wait for them instead of dropping them. */
function trackInFlight(mailer: Omit<Mailer, 'drain'>): Mailer {
  const inFlight = new Set<Promise<void>>();
  return {
    send(mail) {
      const sending = mailer.send(mail);
      const settled = sending.then(
        () => undefined,
        () => undefined,
      );
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      return sending;
    },
    async drain() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    close: () => mailer.close(),
  };
}

function createTransportMailer(options: MailerOptions): Omit<Mailer, 'drain'> {
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          replyTo: mail.replyTo,
        });
        options.logger.info({ kind: mail.kind }, 'mail sent over SMTP');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        replyTo: mail.replyTo,
      });
      const message: unknown = info.message;
      if (!Buffer.isBuffer(message)) throw new Error('the stream transport did not render a message');
      await mkdir(options.mailDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.mailDir, `${stamp}-${mail.kind}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, message, { mode: 0o600 });
      options.logger.info({ kind: mail.kind, file }, 'mail written to a file (no SMTP_URL set)');
    },
    close: () => transport.close(),
  };
}

/**
 * What the log keeps of a failed send: the error's name and the SMTP codes, never its message,
 * which can quote the recipient's address ("550 <someone@example.com>: mailbox unavailable").
 */
export function mailErrorSummary(error: unknown): { name: string; code?: string; responseCode?: number } {
  if (!(error instanceof Error)) return { name: typeof error };
  const details = error as Error & { code?: unknown; responseCode?: unknown };
  return {
    name: error.name,
    ...(typeof details.code === 'string' ? { code: details.code } : {}),
    ...(typeof details.responseCode === 'number' ? { responseCode: details.responseCode } : {}),
  };
}
