import { createFileRoute, redirect } from '@tanstack/react-router';
import { isApiError } from '../../../lib/api';
import { clearTokens, hasSession } from '../../../lib/session';
import { meQueryOptions } from '../../../features/auth/api/me';

/** Customer pages: a guest signs in first and comes back to the page they asked for. */
export const Route = createFileRoute('/{-$country}/user')({
  beforeLoad: async ({ context, location, params }) => {
    const toLogin = () =>
      redirect({ to: '/{-$country}/login', params: { country: params.country }, search: { redirect: location.href } });
    if (!hasSession()) throw toLogin();
    try {
      await context.queryClient.ensureQueryData(meQueryOptions());
    } catch (error) {
      // Offline or a server hiccup keeps the session; a refused token ends it.
      if (isApiError(error) && error.status === 401) {
        clearTokens();
        context.queryClient.removeQueries({ queryKey: meQueryOptions().queryKey });
        throw toLogin();
      }
    }
  },
});
