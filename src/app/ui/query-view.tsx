import type { ReactNode } from 'react';
import type { FetchStatus } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';

interface QueryState<T> {
  data: T | undefined;
  isError: boolean;
  fetchStatus: FetchStatus;
}

/** A query whose part of the page is not drawn yet (lib/first-screen.ts): "Loading…", as the shell showed. */
export const notDrawnYet = { data: undefined, isError: false, fetchStatus: 'idle' } as const satisfies QueryState<never>;

/**
 * The three states of a screen's data in one place: the data (kept from the last visit when
 * offline), else the screen's own error text, else "waiting for the network" when the query is
 * paused offline with nothing stored, else loading.
 */
export function QueryView<T>({
  query,
  errorText,
  children,
}: {
  query: QueryState<T>;
  errorText: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <p role="alert">{errorText}</p>;
  if (query.fetchStatus === 'paused') return <p role="status">{t`You are offline. This will load when the connection is back.`}</p>;
  return <p role="status">{t`Loading…`}</p>;
}
