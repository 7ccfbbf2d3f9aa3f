import { createPaymentCipher, generatePaymentDataKey, loadPaymentKeyring } from '../../modules/payments/encryption';
import { rotatePaymentDataKey } from '../../modules/payments/key-rotation';
import type { CliArguments } from './args';
import { CliUsageError, type CliIo } from './types';

/**
 * `payment-key generate|rotate`. Runs only where the CLI opens the database itself: a running
 * server seals and opens with the key it started with, so rotating under it would leave it unable
 * to read what it just re-sealed (the CLI refuses to send this command to a server).
 */
export async function paymentKeyCommand({ values, positionals }: CliArguments, io: CliIo, usage: string): Promise<number> {
  const [action] = positionals;
  if (action === 'generate') {
    io.out(`${generatePaymentDataKey().toString('base64')}\n`);
    return 0;
  }
  if (action !== 'rotate') throw new CliUsageError(`payment-key needs rotate [--new-key <base64>] or generate\n\n${usage}`);
  const given = values['new-key'];
  if (given !== undefined && Buffer.from(given, 'base64').length !== 32) {
    throw new CliUsageError('--new-key must be 32 bytes in base64 (npm run ops -- payment-key generate)');
  }
  const newKey = given !== undefined ? Buffer.from(given, 'base64') : generatePaymentDataKey();
  const keyring = loadPaymentKeyring(io.config);
  const cipher = createPaymentCipher(keyring.current, keyring.readOnly);
  const result = await rotatePaymentDataKey(
    io.db,
    io.actor,
    cipher,
    newKey,
    keyring.source.kind === 'file' ? { keyFile: keyring.source.file } : {},
  );
  io.out(
    `Re-sealed ${result.paymentMethods} saved payment method(s) and ${result.withdrawals} withdrawal destination(s) with key id ${result.keyId}` +
      `${result.retiredKeyIds.length > 0 ? ` (no longer used: ${result.retiredKeyIds.join(', ')})` : ''}.\n`,
  );
  if (keyring.source.kind === 'file') {
    io.out(`${keyring.source.file} now holds the new key: restart the server so it seals with it.\n`);
  } else if (given === undefined) {
    io.out(
      `New payment-data key (shown this once, keep it with your secrets):\n\n  ${newKey.toString('base64')}\n\n` +
        'Set PAYMENT_DATA_KEY to it on every instance and restart them; an instance still on the old key refuses to start.\n',
    );
  } else if (!newKey.equals(keyring.current)) {
    io.out('Set PAYMENT_DATA_KEY to the new key on every instance and restart them (then drop PAYMENT_DATA_READ_KEYS).\n');
  } else {
    io.out('Every instance may now drop PAYMENT_DATA_READ_KEYS (restart them one by one).\n');
  }
  return 0;
}
