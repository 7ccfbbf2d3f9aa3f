import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec's short address: forwarded to /user/verify-email with its prefix and query. */
export const Route = createFileRoute('/{-$country}/verify-email')({
  beforeLoad: ({ params, location }) => {
    const prefix = params.country ? `/${params.country}` : '';
    throw redirect({ href: `${prefix}/user/verify-email${location.searchStr}`, replace: true });
  },
});
