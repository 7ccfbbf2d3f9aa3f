import { redirect } from '@tanstack/react-router';

/** The signed-in pages that also have a short address without `/user` (`/withdraw`, `/jp/account`). */
type UserPage = 'account' | 'profile' | 'verification-error' | 'verify-email' | 'withdraw';

/**
 * A short address's `beforeLoad`: forwards to the signed-in page with the same market prefix and
 * query, replacing the history entry so Back does not bounce through it.
 */
export function forwardToUserPage(page: UserPage) {
  return ({ params, location }: { params: { country?: string }; location: { searchStr: string } }): never => {
    const prefix = params.country ? `/${params.country}` : '';
    throw redirect({ href: `${prefix}/user/${page}${location.searchStr}`, replace: true });
  };
}
