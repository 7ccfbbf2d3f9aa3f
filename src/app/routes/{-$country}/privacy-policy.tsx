import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { openConsentBanner } from '../../features/consent/consent-store';

export const Route = createFileRoute('/{-$country}/privacy-policy')({
  component: PrivacyPolicyPage,
});

function PrivacyPolicyPage() {
  const { t } = useLingui();
  return (
    <Page title={t`Terms and privacy`} description={t`The terms of use of Roundtrip and how we handle your data.`}>
      <p>{t`The full terms of use and privacy policy are not available yet.`}</p>
      <h2>{t`Cookies and local storage`}</h2>
      <ul>
        <li>{t`Strictly necessary: the cookies token and refreshToken keep you signed in; they expire with your session. Your language choice is kept in this browser.`}</li>
        <li>{t`Analytics, only with your consent: the pages you view are counted in this browser only. Nothing is sent to a third party.`}</li>
      </ul>
      <p>
        <button type="button" className="button button--secondary" onClick={openConsentBanner}>
          {t`Cookie settings`}
        </button>
      </p>
    </Page>
  );
}
