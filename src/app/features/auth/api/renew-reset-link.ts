import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** POST /user/reset_password/renew: the new link goes to the account's address; the answer is the same for any token. */
export async function renewResetLink(token: string): Promise<void> {
  await apiRequest('/user/reset_password/renew', { method: 'POST', body: { token } });
}

export function useRenewResetLink() {
  return useMutation({ mutationFn: renewResetLink });
}
