import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec's short address: forwarded to /user/account with its prefix and query. */
export const Route = createFileRoute('/{-$country}/account')({
  beforeLoad: ({ params, location }) => {
    const prefix = params.country ? `/${params.country}` : '';
    throw redirect({ href: `${prefix}/user/account${location.searchStr}`, replace: true });
  },
});
