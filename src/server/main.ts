import { apiPrefix } from '#domain/api';
import path from 'node:path';
import { buildApp } from './app';
import { ConfigError, isLocalAddress, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { seedContent } from './modules/content/content';
import { seedCatalogue } from './modules/wallet/catalogue';
import { demoAccountsRefusal, liveDemoAccounts, seedDemoData } from './seed/demo';
import { openPaymentCipher, PaymentKeyError } from './modules/payments/encryption';
import { ensureLocalOperatorKey } from './operator-cli/local-key';
import { resolveVapidKeys } from './modules/notifications/vapid';
import { shutdownWithin } from './shutdown';
import { openAuditAnchor } from './modules/audit/anchor';
import { startLocalProviderDoubles } from './testing/local-provider-doubles';

async function main() {
  // Wise or PayPal chosen on a local start without their API: their doubles on 127.0.0.1 stand in.
  const providerDoubles = await startLocalProviderDoubles(loadConfig());
  const config = providerDoubles.config;
  const startedAt = performance.now();
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          onIdleConnectionError: (error) => process.stderr.write(`PostgreSQL dropped an idle connection: ${error.message}\n`),
        }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite'), role: 'server' },
  );
  // A crash that still runs exit handlers leaves no lock behind (kill -9 leaves a stale one, which the next start clears).
  process.once('exit', () => database.lock?.release());
  if (!isLocalAddress(config.publicUrl)) {
    // A database seeded while trying the app locally must not go live with its published password.
    const demoAccounts = await liveDemoAccounts(database.db);
    if (demoAccounts.length > 0) {
      await database.close();
      throw new ConfigError(demoAccountsRefusal(config.publicUrl, demoAccounts));
    }
  }
  // PGlite: the ops CLI cannot open the folder the server holds, so it sends its commands here with
  // this key (loopback only; the only credential POST /ops/commands takes, OPS_KEY or not).
  const localOperatorKey = database.kind === 'pglite' ? ensureLocalOperatorKey(config.dataDir) : undefined;
  let vapid;
  let audit;
  try {
    // Configured keys, or on a local address a pair kept in DATA_DIR; elsewhere none refuses to start.
    vapid = resolveVapidKeys(config);
    // The same rule for the key that signs the audit trail's checkpoints.
    audit = openAuditAnchor(config);
  } catch (error) {
    await database.close();
    throw error;
  }
  const app = await buildApp({
    ...(vapid ? { vapid } : {}),
    config,
    db: database.db,
    ...(database.listen ? { listen: database.listen } : {}),
    ...(database.checksDb ? { checksDb: database.checksDb } : {}),
    ...(localOperatorKey ? { localOperatorKey } : {}),
    auditAnchor: audit.anchor,
  });
  if (audit.source.kind === 'local' && audit.source.created) {
    app.log.warn(
      { file: audit.source.file, fingerprint: audit.anchor.key.fingerprint },
      'audit checkpoints: made a signing key for this local server; set AUDIT_SIGNING_KEY for a public one',
    );
  }
  // The catalogue is reference data, not demo data: every start brings it up to date.
  await seedCatalogue(database.db);
  // Page texts too: the bundled source is the starting point, operators' edits are kept.
  await seedContent(database.db);
  const demo = config.seedDemo ? await seedDemoData(database.db, app.log, openPaymentCipher(config)) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      { signal, deadlineSeconds: config.shutdownTimeoutSeconds },
      'shutting down: finishing requests in flight, then queued mail',
    );
    try {
      // app.close() lets requests in flight finish, then sends the mail they queued (app.ts onClose).
      const outcome = await shutdownWithin(config.shutdownTimeoutSeconds * 1000, async () => {
        await app.close();
        await database.close();
        await providerDoubles.close();
      });
      if (outcome === 'deadline') {
        app.log.error({ deadlineSeconds: config.shutdownTimeoutSeconds }, 'shutdown deadline reached: exiting with work unfinished');
        process.exit(1);
      }
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  // The operator CLI finds the server through the lock and talks to it over loopback.
  if (address && typeof address === 'object') {
    database.lock?.update({ url: `http://127.0.0.1:${address.port}` });
    providerDoubles.connect(`http://127.0.0.1:${address.port}`);
  }
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const where = database.kind === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)';
  const lines = [
    '',
    `  Roundtrip is running on ${config.publicUrl}  (ready in ${seconds} s, data: ${where})`,
    `  API: ${config.publicUrl}${apiPrefix}   health: ${config.publicUrl}/healthz`,
    config.host === '127.0.0.1'
      ? '  Listening on 127.0.0.1 only: this machine alone reaches it (HOST=0.0.0.0 opens it to the network).'
      : `  Listening on ${config.host}: every machine that can reach it on port ${config.port} can log in.`,
  ];
  if (demo) {
    lines.push('', '  Log in as a demo customer (password for each: ' + demo.password + '):');
    for (const account of demo.accounts) {
      lines.push(`    ${account.flag}  ${account.email.padEnd(28)}${account.tryCode ? `  a code to scan: ${account.tryCode}` : ''}`);
    }
    lines.push('  More codes: npm run ops -- unscanned --country us   (labels: npm run ops -- labels --product <id> --count 10)');
  }
  if (!config.smtpUrl) lines.push('', `  Mails (codes, reset links) are written to ${path.join(config.dataDir, 'mail')}`);
  if (audit.source.kind === 'local') {
    lines.push(
      `  Audit checkpoints: signed with ${audit.source.file}${audit.source.created ? ' (made now, for this local server)' : ''}, kept in ${audit.anchor.store.location}`,
    );
  }
  if (providerDoubles.started.length > 0)
    lines.push(
      `  Payouts: local doubles of ${providerDoubles.started.join(' and ')} stand in (npm run ops -- payouts submit); nobody is paid`,
    );
  lines.push('  Press Ctrl-C to stop.', '');
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof PaymentKeyError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Roundtrip could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
