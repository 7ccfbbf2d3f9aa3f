import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSchema, type Operator } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: operatorSchema });

/** POST /ops/password-reset/accept: the token, a new password and an authenticator code; every session ends. */
export async function acceptPasswordReset(token: string, body: { password: string; code: string }): Promise<Operator> {
  return answer.parse(await consoleRequest('/password-reset/accept', { method: 'POST', body: { ...body, token }, open: true })).data;
}

export function useAcceptPasswordReset(token: string) {
  return useMutation({ mutationFn: (body: { password: string; code: string }) => acceptPasswordReset(token, body) });
}
