import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { clientId } from '../../../lib/config';
import { currentCountryCode } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { clearTokens, saveTokens } from '../../../lib/session';
import { meQueryKey, meQueryOptions } from '../../../lib/me';

export interface Credentials {
  email: string;
  password: string;
}

export type LoginResult = 'signed-in' | 'user-unavailable';

/**
 * Exchanges the credentials for tokens, then loads the customer. When the customer
 * cannot be loaded the session is dropped without a message (docs/product.md, Stored client state).
 */
export async function login({ email, password }: Credentials): Promise<LoginResult> {
  // The answer's schema loads beside the call, not with the login page (use-form-submit.ts says why).
  const [body, { tokenResponse }] = await Promise.all([
    apiRequest('/oauth/token', {
      method: 'POST',
      body: { grant_type: 'password', client_id: clientId, country_code: currentCountryCode(), email, password },
    }),
    import('#domain/schemas/token-answer'),
  ]);
  saveTokens(tokenResponse.parse(body));
  try {
    await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    return 'signed-in';
  } catch {
    clearTokens();
    queryClient.removeQueries({ queryKey: meQueryKey });
    return 'user-unavailable';
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
