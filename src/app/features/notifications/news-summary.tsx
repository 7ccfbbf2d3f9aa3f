import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useCountryParam } from '../../lib/use-country';
import { useNews } from './api/news';
import { useNewsText } from './news-texts';
import { notDrawnYet, QueryView } from '../../ui/query-view';
import { useBelowFirstScreenShown } from '../../lib/first-screen';
import './notifications.css';

/** On the account page: how many pieces of news are unread, the latest one, and the way to all of them. */
export function NewsSummary() {
  const { t } = useLingui();
  const country = useCountryParam();
  const news = useNews();
  const textOf = useNewsText();
  const headingId = useId();
  const drawn = useBelowFirstScreenShown();
  return (
    <section className="notify" aria-labelledby={headingId} data-testid="news-summary">
      <h2 id={headingId}>{t`News`}</h2>
      {/* Until the list is known (loading, offline with nothing stored) it never says "no unread news". */}
      <QueryView query={drawn ? news : notDrawnYet} errorText={t`Your news could not be loaded.`}>
        {({ meta: { unread }, data: [latest] }) => {
          const latestTitle = latest ? textOf(latest).title : '';
          return (
            <>
              <p data-testid="news-unread">
                {unread === 0 ? t`No unread news.` : plural(unread, { one: '# unread piece of news.', other: '# unread pieces of news.' })}
              </p>
              {latest ? <p data-testid="news-latest">{t`Latest: ${latestTitle}`}</p> : null}
            </>
          );
        }}
      </QueryView>
      <p>
        <Link to="/{-$country}/user/news" params={{ country }} data-testid="news-link">
          {t`All news`}
        </Link>
      </p>
    </section>
  );
}
