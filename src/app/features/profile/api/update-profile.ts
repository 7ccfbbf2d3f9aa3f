import { useMutation } from '@tanstack/react-query';
import { type UpdateUserBody } from '#domain/schemas/account';
import { userAnswer, type User } from '#domain/schemas/user';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { meQueryKey } from '../../../lib/me';

/** PATCH /user: the saved user replaces the cached one, so every screen shows the new data at once. */
export async function updateProfile(body: UpdateUserBody): Promise<User> {
  const user = userAnswer.parse(await apiRequest('/user', { method: 'PATCH', auth: true, body })).data;
  queryClient.setQueryData(meQueryKey, user);
  return user;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
