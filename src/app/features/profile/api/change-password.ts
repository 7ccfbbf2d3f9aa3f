import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** POST /user/change_password: this session stays signed in, every other one ends. */
export async function changePassword(body: PasswordChange): Promise<void> {
  await apiRequest('/user/change_password', { method: 'POST', auth: true, body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
