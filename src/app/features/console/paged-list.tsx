import type { ReactNode } from 'react';
import { useRef } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { FetchStatus, InfiniteData } from '@tanstack/react-query';
import { formatMoney } from '#domain/money';
import type { PageMeta } from '#domain/schemas/operator-answers';
import { QueryView } from '../../ui/query-view';

interface PagedQuery<Item> {
  data: InfiniteData<{ data: Item[]; meta: PageMeta }> | undefined;
  isError: boolean;
  fetchStatus: FetchStatus;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<{ hasNextPage: boolean }>;
}

/**
 * An operator list that comes a page at a time (docs/api.md, Pages of operator lists): the whole
 * list's totals first, the rows loaded so far, then "Show more". How many are shown of how many
 * is a status line, so a screen reader hears it after each page; when the last page is in and
 * the button goes, the focus moves to that line rather than to the top of the page.
 */
export function PagedList<Item>({
  query,
  errorText,
  children,
}: {
  query: PagedQuery<Item>;
  errorText: string;
  children: (items: Item[]) => ReactNode;
}) {
  const { t, i18n } = useLingui();
  const statusRef = useRef<HTMLParagraphElement>(null);
  const pages = query.data?.pages;
  const loaded = pages === undefined ? undefined : { items: pages.flatMap((page) => page.data), totals: pages.at(-1)!.meta.totals };

  async function onShowMore() {
    const next = await query.fetchNextPage();
    if (!next.hasNextPage) statusRef.current?.focus();
  }

  return (
    <QueryView query={{ data: loaded, isError: query.isError, fetchStatus: query.fetchStatus }} errorText={errorText}>
      {({ items, totals }) => (
        <>
          {totals.count > 0 ? (
            <p className="ops-totals" data-testid="ops-list-totals">
              {[
                plural(totals.count, { one: '# in all', other: '# in all' }),
                ...totals.amounts.map((amount) => formatMoney(amount, i18n.locale)),
              ].join(' · ')}
            </p>
          ) : null}
          {children(items)}
          {totals.count > 0 ? (
            <p ref={statusRef} tabIndex={-1} role="status" className="ops-list-shown">
              {t`Showing ${items.length} of ${totals.count}.`}
            </p>
          ) : null}
          {query.isFetchNextPageError ? (
            <p role="alert">{t`The next rows could not be loaded. Check your connection and try again.`}</p>
          ) : null}
          {query.hasNextPage ? (
            <button
              type="button"
              className="button button--secondary"
              disabled={query.isFetchingNextPage}
              onClick={() => void onShowMore()}
              data-testid="ops-show-more"
            >
              {query.isFetchingNextPage ? t`Loading…` : t`Show more`}
            </button>
          ) : null}
        </>
      )}
    </QueryView>
  );
}
