import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { preloadPageContent } from '../../features/content/api/page-content';
import { ContentText } from '../../features/content/content-text';
import { usePageContent } from '../../features/content/use-page-content';

export const Route = createFileRoute('/{-$country}/faq')({
  loader: ({ context }) => preloadPageContent(context.queryClient, 'faq'),
  component: FaqPage,
});

/** The questions in the order they are asked most; each has `<id>.q` and `<id>.a` in the faq namespace. */
const questions = [
  'pending',
  'pending_long',
  'rejected',
  'lost_label',
  'damaged',
  'offline',
  'minimum',
  'fees',
  'verify',
  'other_market',
  'change_email',
  'delete',
  'data',
] as const;

function FaqPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const content = usePageContent('faq');
  return (
    <Page title={content.text('title')} description={content.text('description')} className="faq">
      <p>
        {content.text('intro')}{' '}
        <Link to="/{-$country}/contact-us" params={{ country }}>
          {t`Contact us`}
        </Link>
      </p>
      {/* Native disclosure widgets: keyboard and screen-reader support without script. */}
      {questions.map((id) => (
        <details key={id} className="faq__item" data-testid={`faq-${id}`}>
          <summary className="faq__question">{content.text(`${id}.q`)}</summary>
          <ContentText text={content.text(`${id}.a`)} />
        </details>
      ))}
    </Page>
  );
}
