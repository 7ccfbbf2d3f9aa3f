import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { currentCountryCode } from '../../../lib/i18n';

/** The server answers the same whether or not the account exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiRequest('/user/reset_password', { method: 'POST', body: { country_code: currentCountryCode(), email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
