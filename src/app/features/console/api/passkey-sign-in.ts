import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { passkeyRequestOptionsSchema } from '#domain/schemas/operator-answers';
import { operatorSessionSchema, passkeyOptionsSchema, type OperatorSession } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { startOperatorSession } from '../operator-session';

const optionsAnswer = z.object({ data: passkeyOptionsSchema });
const sessionAnswer = z.object({ data: operatorSessionSchema });

/**
 * POST /ops/session/passkey-options, the browser's passkey prompt, then POST /ops/session/passkey:
 * a session without password or code. The challenge is good once, so each try asks for a new one.
 */
export async function signInWithPasskey(): Promise<OperatorSession> {
  const { challenge_id, options } = optionsAnswer.parse(
    await consoleRequest('/session/passkey-options', { method: 'POST', body: {}, open: true }),
  ).data;
  const response = await startAuthentication({ optionsJSON: passkeyRequestOptionsSchema.parse(options) });
  const session = sessionAnswer.parse(
    await consoleRequest('/session/passkey', { method: 'POST', body: { challenge_id, response }, open: true }),
  ).data;
  startOperatorSession(session);
  return session;
}

export function usePasskeySignIn() {
  return useMutation({ mutationFn: signInWithPasskey });
}
