import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '#domain/schemas/privacy';
import { apiRequest } from '../../../lib/api';

/** DELETE /user: the server erases the person and ends every session; the caller then signs out locally. */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await apiRequest('/user', { method: 'DELETE', auth: true, body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
