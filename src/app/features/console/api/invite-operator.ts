import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '#domain/locales';
import { z } from 'zod';
import { operatorSchema, type Operator, type OperatorRole } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';
import { operatorsQueryKey } from './operators';

const answer = z.object({ data: operatorSchema });

/** POST /ops/operators: invites a person; the server mails them a link valid 48 hours. */
export async function inviteOperator(body: {
  email: string;
  name: string;
  roles: OperatorRole[];
  language?: Language | undefined;
}): Promise<Operator> {
  return answer.parse(await consoleRequest('/operators', { method: 'POST', body })).data;
}

export function useInviteOperator() {
  const client = useQueryClient();
  return useMutation({ mutationFn: inviteOperator, onSuccess: () => client.invalidateQueries({ queryKey: operatorsQueryKey }) });
}
