import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { ContactForm } from '../../features/contact/contact-form';
import { preloadPageContent } from '../../features/content/api/page-content';
import { usePageContent } from '../../features/content/use-page-content';

export const Route = createFileRoute('/{-$country}/contact-us')({
  loader: ({ context }) => preloadPageContent(context.queryClient, 'contact-us'),
  component: ContactUsPage,
});

function ContactUsPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const navigate = useNavigate();
  const content = usePageContent('contact-us');
  return (
    <Page title={content.text('title')} description={content.text('description')}>
      <p>
        {content.text('intro')}{' '}
        <Link to="/{-$country}/faq" params={{ country }}>
          {t`Frequently asked questions`}
        </Link>
      </p>
      <ContactForm
        consentText={content.text('consent')}
        onSent={() => void navigate({ to: '/{-$country}/thank-you', params: { country }, search: { reason: 'contact' } })}
      />
    </Page>
  );
}
