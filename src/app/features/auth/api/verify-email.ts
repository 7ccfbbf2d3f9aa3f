import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema, type User } from '#domain/schemas/account';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { meQueryKey } from '../../../lib/me';

const verifyAnswer = z.object({ data: userSchema });

export async function verifyEmail(code: string): Promise<User> {
  const user = verifyAnswer.parse(await apiRequest('/user/verify_email', { method: 'POST', auth: true, body: { code } })).data;
  queryClient.setQueryData(meQueryKey, user);
  return user;
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
