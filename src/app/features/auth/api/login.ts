import { useMutation } from '@tanstack/react-query';
import type { User } from '#domain/schemas/user';
import { apiRequestChecked } from '../../../lib/api';
import { clientId } from '../../../lib/config';
import { currentCountryCode } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { clearTokens, notePasswordSignIn, saveTokens } from '../../../lib/session';
import { meQueryKey, meQueryOptions } from '../../../lib/me';

export interface Credentials {
  email: string;
  password: string;
}

export type LoginResult = { kind: 'signed-in'; user: User } | { kind: 'user-unavailable' };

/**
 * Exchanges the credentials for tokens, then loads the customer. When the customer
 * cannot be loaded the session is dropped without a message (docs/product.md, Stored client state).
 */
export async function login({ email, password }: Credentials): Promise<LoginResult> {
  const tokens = await apiRequestChecked(
    '/oauth/token',
    { method: 'POST', body: { grant_type: 'password', client_id: clientId, country_code: currentCountryCode(), email, password } },
    () => import('#domain/schemas/token-answer').then((schemas) => schemas.tokenResponse),
  );
  saveTokens(tokens);
  notePasswordSignIn();
  try {
    const user = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
    return { kind: 'signed-in', user };
  } catch {
    clearTokens();
    queryClient.removeQueries({ queryKey: meQueryKey });
    return { kind: 'user-unavailable' };
  }
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
