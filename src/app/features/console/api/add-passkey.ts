import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { passkeyCreationOptionsSchema } from '#domain/schemas/operator-answers';
import { passkeyOptionsSchema } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { ownPasskeysQueryKey } from './passkeys';

const optionsAnswer = z.object({ data: passkeyOptionsSchema });
const addedAnswer = z.object({ data: z.object({ id: z.string() }) });

/**
 * POST /ops/passkeys/registration-options, the browser's prompt to make a passkey, then POST
 * /ops/passkeys. Refused with REAUTHENTICATION_REQUIRED when the session has not proved itself in
 * the last five minutes (api/reauthenticate.ts).
 */
export async function addPasskey(): Promise<{ id: string }> {
  const { challenge_id, options } = optionsAnswer.parse(
    await consoleRequest('/passkeys/registration-options', { method: 'POST', body: {} }),
  ).data;
  const response = await startRegistration({ optionsJSON: passkeyCreationOptionsSchema.parse(options) });
  return addedAnswer.parse(await consoleRequest('/passkeys', { method: 'POST', body: { challenge_id, response } })).data;
}

export function useAddPasskey() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => client.invalidateQueries({ queryKey: ownPasskeysQueryKey }) });
}
