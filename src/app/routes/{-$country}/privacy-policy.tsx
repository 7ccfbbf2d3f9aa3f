import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { openConsentBanner } from '../../features/consent/consent-store';
import { preloadPageContent } from '../../features/content/api/page-content';
import { ContentText } from '../../features/content/content-text';
import { usePageContent } from '../../features/content/use-page-content';

export const Route = createFileRoute('/{-$country}/privacy-policy')({
  loader: ({ context }) => preloadPageContent(context.queryClient, 'privacy-policy'),
  component: PrivacyPolicyPage,
});

const sections = ['controller', 'data', 'purposes', 'retention', 'sharing', 'rights'] as const;

function PrivacyPolicyPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const content = usePageContent('privacy-policy');
  return (
    <Page title={content.text('title')} description={content.text('description')} className="policy">
      <p className="lead">{content.text('intro')}</p>
      {sections.map((section) => (
        <section key={section} aria-labelledby={`policy-${section}`}>
          <h2 id={`policy-${section}`}>{content.text(`${section}.heading`)}</h2>
          <ContentText text={content.text(`${section}.text`)} />
          {section === 'rights' ? (
            <p>
              <Link to="/{-$country}/dsar" params={{ country }}>
                {t`Make a data request`}
              </Link>
            </p>
          ) : null}
        </section>
      ))}
      <section aria-labelledby="policy-cookies">
        <h2 id="policy-cookies">{content.text('cookies.heading')}</h2>
        <ul>
          <li>{content.text('cookies.necessary')}</li>
          <li>{content.text('cookies.analytics')}</li>
        </ul>
        <p>
          <button type="button" className="button button--secondary" onClick={openConsentBanner}>
            {t`Cookie settings`}
          </button>
        </p>
      </section>
      <section aria-labelledby="policy-contact">
        <h2 id="policy-contact">{content.text('contact.heading')}</h2>
        <p>
          {content.text('contact.text')}{' '}
          <Link to="/{-$country}/contact-us" params={{ country }}>
            {t`Contact us`}
          </Link>
        </p>
      </section>
    </Page>
  );
}
