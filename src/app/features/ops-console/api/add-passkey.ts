import { startRegistration } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { passkeyCreationOptionsSchema } from '#domain/schemas/operator-answers';
import { passkeyOptionsSchema } from '#domain/schemas/operators';
import { opsRequest } from '../ops-api';

const optionsAnswer = z.object({ data: passkeyOptionsSchema });
const addedAnswer = z.object({ data: z.object({ id: z.string() }) });

/** POST /ops/passkeys/registration-options, the browser's prompt to make a passkey, then POST /ops/passkeys. */
export async function addPasskey(): Promise<{ id: string }> {
  const { challenge_id, options } = optionsAnswer.parse(
    await opsRequest('/passkeys/registration-options', { method: 'POST', body: {} }),
  ).data;
  const response = await startRegistration({ optionsJSON: passkeyCreationOptionsSchema.parse(options) });
  return addedAnswer.parse(await opsRequest('/passkeys', { method: 'POST', body: { challenge_id, response } })).data;
}

export function useAddPasskey() {
  return useMutation({ mutationFn: addPasskey });
}
