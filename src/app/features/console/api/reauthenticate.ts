import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { passkeyRequestOptionsSchema } from '#domain/schemas/operator-answers';
import { reauthenticationSchema } from '#domain/schemas/operator-passkeys';
import { passkeyOptionsSchema } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const optionsAnswer = z.object({ data: passkeyOptionsSchema });
const answer = z.object({ data: reauthenticationSchema });

export type Reauthentication = z.infer<typeof reauthenticationSchema>;

/** POST /ops/session/reauthenticate with the password and a new authenticator code. */
export async function reauthenticateWithPassword(input: { password: string; code: string }): Promise<Reauthentication> {
  return answer.parse(await consoleRequest('/session/reauthenticate', { method: 'POST', body: input })).data;
}

/**
 * The same with one of the operator's passkeys: a challenge of the passkey sign-in, the browser's
 * prompt, then POST /ops/session/reauthenticate with its answer (the server accepts only the
 * caller's own passkey).
 */
export async function reauthenticateWithPasskey(): Promise<Reauthentication> {
  const { challenge_id, options } = optionsAnswer.parse(
    await consoleRequest('/session/passkey-options', { method: 'POST', body: {}, open: true }),
  ).data;
  const response = await startAuthentication({ optionsJSON: passkeyRequestOptionsSchema.parse(options) });
  return answer.parse(await consoleRequest('/session/reauthenticate', { method: 'POST', body: { challenge_id, response } })).data;
}

export function useReauthenticateWithPassword() {
  return useMutation({ mutationFn: reauthenticateWithPassword });
}

export function useReauthenticateWithPasskey() {
  return useMutation({ mutationFn: reauthenticateWithPasskey });
}
