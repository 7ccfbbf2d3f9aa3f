import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { openConsentBanner } from '../features/consent/consent-store';
import { useCountryParam } from '../lib/use-country';

export function Footer() {
  const { t } = useLingui();
  const country = useCountryParam();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <p className="site-footer__company">Roundtrip</p>
      <ul className="site-footer__links">
        <li>
          <button type="button" className="button--link" onClick={openConsentBanner}>
            {t`Cookie settings`}
          </button>
        </li>
        <li>
          <Link to="/{-$country}/countries" params={{ country }}>
            {t`Countries`}
          </Link>
        </li>
        <li>
          <Link to="/{-$country}/privacy-policy" params={{ country }}>
            {t`Terms and privacy`}
          </Link>
        </li>
      </ul>
      <p className="site-footer__copyright">{t`© ${year} Roundtrip. All rights reserved.`}</p>
    </footer>
  );
}
