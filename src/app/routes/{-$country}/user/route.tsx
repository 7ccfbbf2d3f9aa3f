import { createFileRoute, Outlet, redirect, useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api';
import { loadWhenOnline } from '../../../lib/query-client';
import { clearTokens, hasSession } from '../../../lib/session';
import { meQueryOptions, useSignedIn } from '../../../lib/me';
import { isRenderingSignedInShell } from '../../../lib/shell-rendering';

/** Customer pages: a guest signs in first and comes back to the page they asked for. */
export const Route = createFileRoute('/{-$country}/user')({
  beforeLoad: async ({ context, location, params }) => {
    const toLogin = () => redirect({ to: '/{-$country}/login', params: { country: params.country }, search: { redirect: location.href } });
    if (isRenderingSignedInShell()) return;
    if (!hasSession()) throw toLogin();
    try {
      await loadWhenOnline(() => context.queryClient.ensureQueryData(meQueryOptions()));
    } catch (error) {
      // Offline or a server hiccup keeps the session; a refused token ends it.
      if (isApiError(error) && error.status === 401) {
        clearTokens();
        context.queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
        throw toLogin();
      }
    }
  },
  component: CustomerLayout,
});

/** A session that ends on a customer page (refused refresh, cookies expired) leads back to login. */
function CustomerLayout() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const { country } = Route.useParams();
  // Once per ended session: the location changes as soon as the navigation starts, while this
  // layout is still on screen, and a second navigation from here would nest the login address
  // into itself without end (seen with the service worker's timing, and offline).
  const redirected = useRef(false);
  useEffect(() => {
    if (signedIn) {
      redirected.current = false;
      return;
    }
    if (redirected.current) return;
    redirected.current = true;
    void navigate({ to: '/{-$country}/login', params: { country }, search: { redirect: location.href }, replace: true });
  }, [signedIn, navigate, country, location.href]);
  return <Outlet />;
}
