import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentCountryCode } from '../../lib/i18n';

/**
 * The address printed in every container's QR code (`{PUBLIC_URL}/r/{CODE}`): a phone's own
 * camera opens it. It becomes the scan screen with the code, in the visitor's market; the
 * customer guard on that page sends a guest to login and back with the code kept in the
 * address. (`r` is not a country, so the optional country prefix never takes this path.)
 */
export const Route = createFileRoute('/r/$code')({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/{-$country}/user/scan',
      params: { country: currentCountryCode() },
      search: { code: params.code },
      replace: true,
    });
  },
});
