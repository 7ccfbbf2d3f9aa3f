import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../ui/page';
import { useSignedIn } from '../../features/auth/api/me';

export const Route = createFileRoute('/{-$country}/')({
  component: HomePage,
});

function HomePage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  const signedIn = useSignedIn();
  return (
    <Page
      title={t`Home`}
      heading={t`Return your containers, get your deposit back`}
      description={t`Buy products in reusable containers, return them empty and get your deposit back.`}
      className="home"
    >
      <p className="lead">
        {t`Buy products in reusable containers, scan each empty container when you drop it in a return bin, and get your deposit back on your balance.`}
      </p>
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
        <Link to="/{-$country}/how-it-works" params={{ country }} className="button button--link">
          {t`How it works`}
        </Link>
      </p>
    </Page>
  );
}
