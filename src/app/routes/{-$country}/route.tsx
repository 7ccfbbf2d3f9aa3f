import { createFileRoute, notFound } from '@tanstack/react-router';
import { isCountryCode } from '#domain/markets';

/** The optional market prefix: only the five country codes; any other first segment is a path. */
export const Route = createFileRoute('/{-$country}')({
  beforeLoad: ({ params }) => {
    if (params.country !== undefined && !isCountryCode(params.country)) throw notFound();
  },
});
