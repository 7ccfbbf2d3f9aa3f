import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import type { NewsItem } from '#domain/schemas/notifications';
import { formatNewsDate } from '../../lib/format';
import { useCountryParam } from '../../lib/use-country';
import { useMarkNewsRead } from './api/mark-news-read';
import { useNews } from './api/news';
import { useNewsText } from './news-texts';
import './notifications.css';

/** `fresh`: unread when the page opened. Opening marks it read, and its badge stays for this visit. */
function NewsEntry({ item, fresh }: { item: NewsItem; fresh: boolean }) {
  const { t, i18n } = useLingui();
  const country = useCountryParam();
  const text = useNewsText()(item);
  const markRead = useMarkNewsRead();
  return (
    <li
      className={`news__item${item.read ? '' : ' news__item--unread'}`}
      data-testid="news-item"
      data-kind={item.kind}
      data-read={item.read ? 'true' : 'false'}
    >
      <p className="news__title">
        {item.read && !fresh ? null : <span className="news__badge">{t`New`}</span>} <strong>{text.title}</strong>
      </p>
      <p className="news__body">{text.body}</p>
      <p className="news__meta">
        <time dateTime={item.created_at}>{formatNewsDate(item.created_at, i18n.locale)}</time>
        <Link
          to="/{-$country}/user/account"
          params={{ country }}
          search={{ row: item.row_id }}
          onClick={() => {
            if (!item.read) markRead.mutate([item.id]);
          }}
          data-testid="news-open"
        >
          {t`Show in my history`}
        </Link>
      </p>
    </li>
  );
}

/** The customer's recent news, newest first, unread ones marked. */
export function NewsList() {
  const { t } = useLingui();
  const news = useNews();
  const markRead = useMarkNewsRead();
  const headingId = useId();
  const unread = news.data?.meta.unread ?? 0;
  // Opening the news is reading it: what the list shows unread is marked read once, when it first
  // arrives, and keeps its badge until the customer leaves the page.
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>();
  const { mutate } = markRead;
  useEffect(() => {
    if (!news.data || freshIds) return;
    const ids = news.data.data.filter((item) => !item.read).map((item) => item.id);
    setFreshIds(new Set(ids));
    if (ids.length > 0) mutate(ids);
  }, [news.data, freshIds, mutate]);
  return (
    <section className="news" aria-labelledby={headingId}>
      <div className="news__head">
        <h2 id={headingId}>{t`Recent news`}</h2>
        {unread > 0 ? (
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => markRead.mutate(undefined)}
            disabled={markRead.isPending}
            data-testid="news-mark-all"
          >
            {t`Mark all as read`}
          </button>
        ) : null}
      </div>
      {news.data ? (
        news.data.data.length === 0 ? (
          <p data-testid="news-empty">{t`No news yet. We will tell you here when a return is credited or rejected, or a withdrawal is paid or fails.`}</p>
        ) : (
          <ul className="news__list" data-testid="news-list">
            {news.data.data.map((item) => (
              <NewsEntry key={item.id} item={item} fresh={freshIds?.has(item.id) ?? false} />
            ))}
          </ul>
        )
      ) : news.isError ? (
        <p role="alert">{t`Your news could not be loaded.`}</p>
      ) : (
        <p role="status">{t`Loading…`}</p>
      )}
    </section>
  );
}
