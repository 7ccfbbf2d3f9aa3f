import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuditAnchor } from '../../modules/audit/anchor';
import type { Actor } from '../../modules/audit/audit';
import type { PaymentCipher } from '../../modules/payments/encryption';

/** A file a command writes: where the operator asked for it, and its content. */
export interface OutputFile {
  /** Absolute, in the operator's terms (resolved against the directory the CLI runs in). */
  name: string;
  content: string;
  /** How `content` holds the bytes: text written as UTF-8 (the default), or base64 of a file in another encoding. */
  encoding?: 'utf-8' | 'base64';
  /** File mode; 0o600 for files holding personal or bank data. */
  mode: number;
}

/**
 * Everything a command touches besides its arguments. The CLI opening the database itself
 * passes the real files and terminal; the server running a command sent by the CLI passes
 * the files the CLI sent and collects what is printed and written, so one command behaves
 * the same on both paths.
 */
export interface CliIo {
  db: Database;
  config: Config;
  /** Who runs the command, as the audit trail names them: `cli@<host>` on the server's machine. */
  actor: Actor;
  /** Bank details: only `payouts export` needs them, so the key is read (and checked against the database) on first use. */
  paymentCipher(): Promise<PaymentCipher>;
  /** The audit checkpoints' key and store: only `audit` needs them, so they are opened on first use. */
  auditAnchor(): AuditAnchor;
  now: Date;
  out(text: string): void;
  err(text: string): void;
  /** An input file named on the command line (content import, bins import). Throws when unreadable. */
  readFile(name: string): string;
  /** The same file as its bytes: a bank's answer that is not UTF-8 (a Zengin file in Shift_JIS). */
  readBytes(name: string): Uint8Array;
  writeFile(file: OutputFile): void;
  /** A path named on the command line, made absolute against the operator's working directory. */
  resolvePath(name: string): string;
}

/** A mistake in the command line: printed with exit code 2, as a usage error. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}
