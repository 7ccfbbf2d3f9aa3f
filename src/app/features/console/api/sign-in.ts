import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { operatorSessionSchema, type OperatorSession } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { startOperatorSession } from '../operator-session';

const answer = z.object({ data: operatorSessionSchema });

/** POST /ops/session: email, password and an authenticator code. */
export async function signInOperator(body: { email: string; password: string; code: string }): Promise<OperatorSession> {
  const session = answer.parse(await consoleRequest('/session', { method: 'POST', body, open: true })).data;
  startOperatorSession(session);
  return session;
}

export function useSignInOperator() {
  return useMutation({ mutationFn: signInOperator });
}
