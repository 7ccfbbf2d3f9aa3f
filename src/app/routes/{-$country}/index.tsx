import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { useSignedIn } from '../../lib/me';
import { preloadPageContent } from '../../features/content/api/page-content';
import { usePageContent } from '../../features/content/use-page-content';

export const Route = createFileRoute('/{-$country}/')({
  loader: ({ context }) => preloadPageContent(context.queryClient, 'home'),
  component: HomePage,
});

const benefits = ['deposit', 'reuse', 'offline'] as const;

function HomePage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const signedIn = useSignedIn();
  const content = usePageContent('home');
  return (
    <Page title={content.text('title')} heading={content.text('heading')} description={content.text('description')} className="home">
      <p className="lead">{content.text('lead')}</p>
      <ul className="benefits">
        {benefits.map((benefit) => (
          <li key={benefit} className="benefits__item">
            <h2>{content.text(`benefit.${benefit}.title`)}</h2>
            <p>{content.text(`benefit.${benefit}.text`)}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="home-cta">
        <h2 id="home-cta">{content.text('cta.heading')}</h2>
        <p>{content.text('cta.text')}</p>
        <p className="actions">
          {signedIn ? (
            <Link to="/{-$country}/user/account" params={{ country }} className="button">
              {t`Go to my account`}
            </Link>
          ) : (
            <>
              <Link to="/{-$country}/signup" params={{ country }} className="button">
                {t`Sign up`}
              </Link>
              <Link to="/{-$country}/login" params={{ country }} className="button button--secondary">
                {t`Log in`}
              </Link>
            </>
          )}
          <Link to="/{-$country}/shop-and-return" params={{ country }} className="button button--secondary">
            {t`Shop and return`}
          </Link>
          <Link to="/{-$country}/how-it-works" params={{ country }} className="button button--link">
            {t`How it works`}
          </Link>
        </p>
      </section>
    </Page>
  );
}
