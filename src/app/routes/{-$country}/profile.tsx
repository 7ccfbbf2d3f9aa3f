import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec's short address: forwarded to /user/profile with its prefix and query. */
export const Route = createFileRoute('/{-$country}/profile')({
  beforeLoad: ({ params, location }) => {
    const prefix = params.country ? `/${params.country}` : '';
    throw redirect({ href: `${prefix}/user/profile${location.searchStr}`, replace: true });
  },
});
