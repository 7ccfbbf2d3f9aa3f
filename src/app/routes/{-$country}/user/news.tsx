import { createFileRoute, Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../../ui/page';
import { loadWhenOnline } from '../../../lib/query-client';
import { newsQueryOptions } from '../../../features/notifications/api/news';
import { NewsList } from '../../../features/notifications/news-list';
import { PushOptIn } from '../../../features/notifications/push-opt-in';

export const Route = createFileRoute('/{-$country}/user/news')({
  loader: ({ context }) =>
    loadWhenOnline(() => Promise.allSettled([context.queryClient.ensureQueryData({ ...newsQueryOptions(), revalidateIfStale: true })])),
  component: NewsPage,
});

function NewsPage() {
  const { t } = useLingui();
  const { country } = Route.useParams();
  return (
    <Page title={t`News`} description={t`Credits, rejections and payouts on your account.`}>
      <NewsList />
      <PushOptIn />
      <p>
        <Link to="/{-$country}/user/account" params={{ country }}>
          {t`Back to my account`}
        </Link>
      </p>
    </Page>
  );
}
