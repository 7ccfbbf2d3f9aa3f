import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec's short address: forwarded to /user/withdraw with its prefix and query. */
export const Route = createFileRoute('/{-$country}/withdraw')({
  beforeLoad: ({ params, location }) => {
    const prefix = params.country ? `/${params.country}` : '';
    throw redirect({ href: `${prefix}/user/withdraw${location.searchStr}`, replace: true });
  },
});
