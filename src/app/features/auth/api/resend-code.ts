import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** Asks the server to mail a new 4-digit code. */
export async function resendCode(): Promise<void> {
  await apiRequest('/user/verification', { method: 'POST', auth: true });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
