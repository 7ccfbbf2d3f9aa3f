import { useMutation } from '@tanstack/react-query';
import { userAnswer, type User } from '#domain/schemas/user';
import type { SupportedLocale } from '#domain/markets';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { meQueryKey } from '../../../lib/me';

/** PATCH /user { locale }: the account's language, the one of every mail and notice sent to it. */
export async function updateAccountLocale(locale: SupportedLocale): Promise<User> {
  const user = userAnswer.parse(await apiRequest('/user', { method: 'PATCH', auth: true, body: { locale } })).data;
  queryClient.setQueryData(meQueryKey, user);
  return user;
}

export function useUpdateAccountLocale() {
  return useMutation({ mutationFn: updateAccountLocale });
}
