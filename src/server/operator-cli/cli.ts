import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, ConfigError, type Config } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError, readDataDirHolder, type DataDirHolder } from '../db/data-dir-lock';
import { seedContent } from '../modules/content/content';
import { generatePaymentDataKey, PaymentKeyError, type PaymentCipher } from '../modules/payments/encryption';
import { openCheckedPaymentCipher } from '../modules/payments/key-check';
import { seedCatalogue } from '../modules/wallet/catalogue';
import { isHelpRequest } from './commands/args';
import { checkCliCommand, cliInputFiles, cliUsage, runCliCommand } from './commands';
import type { CliIo, OutputFile } from './commands/types';
import { isWritableOutput, sendCliCommand } from './server-client';
import { terminalOutput } from './terminal-text';
import { localCliActor } from './local-actor';
import { openAuditAnchor, type AuditAnchor } from '../modules/audit/anchor';

/**
 * `npm run ops -- …`. PostgreSQL takes any number of writers: the CLI opens it itself. An
 * embedded PGlite folder has one: when a server holds it, the command goes to that server
 * (POST /api/v2/ops/commands); only when nobody holds it does the CLI open it, holding it
 * meanwhile as `ops` so that a server starting then is refused rather than losing our writes.
 */

/** The file's text when it is UTF-8, else undefined. */
function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

function writeOutputFile(file: OutputFile) {
  mkdirSync(path.dirname(file.name), { recursive: true });
  writeFileSync(file.name, file.encoding === 'base64' ? Buffer.from(file.content, 'base64') : file.content, { mode: file.mode });
}

async function runHere(argv: string[], config: Config): Promise<number> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), role: 'ops' },
  );
  try {
    await seedCatalogue(database.db);
    await seedContent(database.db);
    let cipher: Promise<PaymentCipher> | undefined;
    let anchor: AuditAnchor | undefined;
    const io: CliIo = {
      db: database.db,
      config,
      actor: localCliActor(),
      paymentCipher: () => (cipher ??= openCheckedPaymentCipher(config, database.db)),
      // The same key and store as the server's: the CLI runs with its environment (docs/configuration.md, Settings).
      auditAnchor: () => (anchor ??= openAuditAnchor(config).anchor),
      now: new Date(),
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
      readFile: (name) => readFileSync(name, 'utf8'),
      readBytes: (name) => readFileSync(name),
      writeFile: writeOutputFile,
      resolvePath: (name) => path.resolve(name),
    };
    return await runCliCommand(argv, io);
  } finally {
    await database.close();
  }
}

async function runOnServer(argv: string[], config: Config, folder: string, holder: DataDirHolder & { url: string }): Promise<number> {
  const files: Record<string, string> = {};
  const binaryFiles: Record<string, string> = {};
  for (const name of cliInputFiles(argv)) {
    try {
      const bytes = readFileSync(name);
      const text = utf8Text(bytes);
      // A file that is not UTF-8 (a Zengin answer in Shift_JIS) travels as its bytes.
      if (text === undefined) binaryFiles[name] = bytes.toString('base64');
      else files[name] = text;
    } catch (error) {
      process.stderr.write(`${name}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 2;
    }
  }
  const answer = await sendCliCommand(
    { dataDir: config.dataDir, folder, holder },
    { argv, files, binary_files: binaryFiles, cwd: process.cwd() },
  );
  if (!answer.ok) {
    process.stderr.write(`${terminalOutput(answer.message)}\n`);
    return 1;
  }
  // The server escaped them already; the answer is still outside text to this terminal.
  process.stdout.write(terminalOutput(answer.result.stdout));
  process.stderr.write(terminalOutput(answer.result.stderr));
  for (const file of answer.result.files) {
    if (!isWritableOutput(file.name, argv, process.cwd())) {
      process.stderr.write(`Not written: ${terminalOutput(file.name)} is outside this folder and was not named on the command line.\n`);
      return 1;
    }
    writeOutputFile(file);
  }
  return answer.result.exit_code;
}

async function main(argv: string[]): Promise<number> {
  if (isHelpRequest(argv)) {
    process.stdout.write(cliUsage);
    return 0;
  }
  // A usage mistake is told before any database or server is reached.
  const checked = checkCliCommand(argv);
  if (!checked.ok) {
    process.stderr.write(`${checked.message}\n`);
    return 2;
  }
  if (checked.args.command === 'payment-key' && checked.args.positionals[0] === 'generate') {
    process.stdout.write(`${generatePaymentDataKey().toString('base64')}\n`);
    return 0;
  }
  const config = loadConfig();
  if (config.databaseUrl) return runHere(argv, config);

  const folder = path.join(config.dataDir, 'pglite');
  const holder = readDataDirHolder(folder);
  if (holder) {
    if (holder.role === 'server' && holder.host === os.hostname() && !checked.command.localOnly) {
      if (holder.url) return runOnServer(argv, config, folder, { ...holder, url: holder.url });
      process.stderr.write(`A Roundtrip server (process ${holder.pid}) is starting on ${folder}: try again once it listens.\n`);
      return 1;
    }
    process.stderr.write(`${new DataDirLockedError(folder, holder).message}\n`);
    return 1;
  }
  return runHere(argv, config);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof PaymentKeyError)
      process.stderr.write(`${error.message}\n`);
    else process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
