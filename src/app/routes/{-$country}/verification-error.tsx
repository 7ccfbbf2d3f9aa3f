import { createFileRoute, redirect } from '@tanstack/react-router';

/** The spec's short address: forwarded to /user/verification-error with its prefix and query. */
export const Route = createFileRoute('/{-$country}/verification-error')({
  beforeLoad: ({ params, location }) => {
    const prefix = params.country ? `/${params.country}` : '';
    throw redirect({ href: `${prefix}/user/verification-error${location.searchStr}`, replace: true });
  },
});
