import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { preloadPageContent } from '../../features/content/api/page-content';
import { ContentText } from '../../features/content/content-text';
import { usePageContent } from '../../features/content/use-page-content';

export const Route = createFileRoute('/{-$country}/how-it-works')({
  loader: ({ context }) => preloadPageContent(context.queryClient, 'how-it-works'),
  component: HowItWorksPage,
});

const steps = ['buy', 'return', 'checkin', 'credit'] as const;

function HowItWorksPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const content = usePageContent('how-it-works');
  return (
    <Page title={content.text('title')} description={content.text('description')}>
      <p className="lead">{content.text('intro')}</p>
      <ol className="steps steps--numbered">
        {steps.map((step) => (
          <li key={step}>
            <h2>{content.text(`step.${step}.title`)}</h2>
            <ContentText text={content.text(`step.${step}.text`)} />
          </li>
        ))}
      </ol>
      <section aria-labelledby="how-withdraw">
        <h2 id="how-withdraw">{content.text('withdraw.heading')}</h2>
        <p>{content.text('withdraw.text')}</p>
        {/* The fee applies in Japan only; elsewhere the page says withdrawals are free. */}
        <p data-testid="withdrawal-fee">{content.country === 'jp' ? content.text('withdraw.fee') : content.text('withdraw.no_fee')}</p>
      </section>
      <section aria-labelledby="how-offline">
        <h2 id="how-offline">{content.text('offline.heading')}</h2>
        <p>{content.text('offline.text')}</p>
      </section>
      <p className="actions">
        <Link to="/{-$country}/shop-and-return" params={{ country }} className="button">
          {t`Shop and return`}
        </Link>
        <Link to="/{-$country}/faq" params={{ country }} className="button button--link">
          {t`Frequently asked questions`}
        </Link>
      </p>
    </Page>
  );
}
