import { useLingui } from '@lingui/react/macro';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { contentNamespaces, isContentNamespace, type ContentNamespace } from '#domain/content/namespaces';
import { isSupportedLocale, type SupportedLocale } from '#domain/markets';
import { currentLocale } from '../../lib/i18n';
import { useConsoleLink, type contentPages } from './console-pages';
import { OperatorArea } from './operator-area';

type ContentPage = (typeof contentPages)[number];

/**
 * A screen of the content area: the content role's, with the links between its three screens
 * (page texts, the bins import, the missing texts) under the title.
 */
export function ContentArea({
  current,
  title,
  description,
  children,
}: {
  current: ContentPage;
  title: string;
  description: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const link = useConsoleLink();
  const screens: { page: ContentPage; label: string }[] = [
    { page: 'content', label: t`Page texts` },
    { page: 'content/bins', label: t`Bins import` },
    { page: 'content/missing-texts', label: t`Missing texts` },
  ];
  return (
    <OperatorArea needs="content" title={title} description={description}>
      <nav aria-label={t`Content area`} className="ops-tabs">
        <ul>
          {screens.map(({ page, label }) => (
            <li key={page}>
              {/* Exact: the router would otherwise mark "content" as the page on its sub-pages too. */}
              <Link
                {...link(page)}
                activeOptions={{ exact: true, includeSearch: false }}
                aria-current={page === current ? 'page' : undefined}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </OperatorArea>
  );
}

/** The text an editor works on: a language and a page, and the key to open first (from the missing texts). */
export interface TextChoice {
  locale: SupportedLocale;
  namespace: ContentNamespace;
  key?: string;
}

/**
 * The page-texts screen's choice, in the address (`?locale=&page=&key=`), so that the missing
 * texts link to a key and the way back from a preview finds the same page. Without one: the
 * operator's language, the first page.
 */
export function useTextChoice(): [TextChoice, (choice: TextChoice) => void] {
  const searchText = useLocation({ select: (location) => location.searchStr });
  const navigate = useNavigate();
  const link = useConsoleLink();
  const search = new URLSearchParams(searchText);
  const locale = search.get('locale');
  const namespace = search.get('page');
  const choice: TextChoice = {
    locale: isSupportedLocale(locale) ? locale : currentLocale(),
    namespace: isContentNamespace(namespace) ? namespace : contentNamespaces[0],
    key: search.get('key') ?? undefined,
  };
  const choose = (next: TextChoice) =>
    void navigate({
      ...link('content'),
      search: { locale: next.locale, page: next.namespace, ...(next.key ? { key: next.key } : {}) },
      replace: true,
    });
  return [choice, choose];
}
