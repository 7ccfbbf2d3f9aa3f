import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export interface NewPassword {
  token: string;
  password: string;
  password_confirmation: string;
}

export async function resetPassword(body: NewPassword): Promise<void> {
  await apiRequest('/user/reset_password', { method: 'PUT', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
