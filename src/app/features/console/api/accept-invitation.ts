import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSchema, type Operator } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: operatorSchema });

/** POST /ops/invitations/accept: the token, a password and a first authenticator code; the link then stops working. */
export async function acceptInvitation(token: string, body: { password: string; code: string }): Promise<Operator> {
  return answer.parse(await consoleRequest('/invitations/accept', { method: 'POST', body: { ...body, token }, open: true })).data;
}

export function useAcceptInvitation(token: string) {
  return useMutation({ mutationFn: (body: { password: string; code: string }) => acceptInvitation(token, body) });
}
