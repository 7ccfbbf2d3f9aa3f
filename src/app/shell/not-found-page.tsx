import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Page } from '../ui/page';
import { useCountryParam } from '../lib/use-country';

export function NotFoundPage() {
  const { t } = useLingui();
  const country = useCountryParam();
  return (
    <Page title={t`Page not found`} description={t`This page does not exist.`}>
      <p>{t`We could not find the page you were looking for.`}</p>
      <p>
        <Link to="/{-$country}" params={{ country }} className="button">
          {t`Go to the home page`}
        </Link>
      </p>
    </Page>
  );
}
