import { useMutation } from '@tanstack/react-query';
import { userAnswer, type User } from '#domain/schemas/user';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { meQueryKey } from '../../../lib/me';

export async function verifyEmail(code: string): Promise<User> {
  const user = userAnswer.parse(await apiRequest('/user/verify_email', { method: 'POST', auth: true, body: { code } })).data;
  queryClient.setQueryData(meQueryKey, user);
  return user;
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
