import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransactionsPage } from '#domain/schemas/wallet';
import type { TransactionCategory, TransactionStatus } from '#domain/transactions';
import { apiRequestChecked } from '../../../lib/api';
import { askAgainAfterRestart, walletQueryScope } from '../../../lib/query-client';

export interface TransactionFilters {
  type?: TransactionCategory;
  status?: TransactionStatus;
}

/** GET /merged_transactions: 1000 rows per page, page 1. Names come in the request's language. */
export async function fetchTransactions(filters: TransactionFilters, signal?: AbortSignal): Promise<TransactionsPage> {
  const query = new URLSearchParams({ items_per_page: '1000', page: '1' });
  if (filters.type) query.set('type', filters.type);
  if (filters.status) query.set('status', filters.status);
  return apiRequestChecked(`/merged_transactions?${query}`, { auth: true, signal }, () =>
    import('#domain/schemas/wallet').then((schemas) => schemas.transactionsResponse),
  );
}

export const transactionsQueryKey = [...walletQueryScope, 'transactions'] as const;

export const transactionsQueryOptions = (filters: TransactionFilters, locale: string) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, locale, filters.type ?? 'all', filters.status ?? 'all'] as const,
    queryFn: ({ signal }) => fetchTransactions(filters, signal),
    // Shown at once from the persisted cache, then asked again (a check-in may have happened since);
    // one second spares the mount a second call right after the route loader's.
    staleTime: 1_000,
    meta: askAgainAfterRestart,
  });

/**
 * A filtered page read from the whole history this device already has, when that history is
 * complete (every row on its one page): offline, the withdraw page's list or a filter of the
 * account page shows what the account page saved instead of waiting for a network that is not there.
 */
export function filteredFromFullHistory(full: TransactionsPage | undefined, filters: TransactionFilters): TransactionsPage | undefined {
  if (!full || full.data.length < full.meta.total) return undefined;
  const data = full.data.filter(
    (row) => (!filters.type || row.category === filters.type) && (!filters.status || row.status === filters.status),
  );
  return { ...full, data, meta: { ...full.meta, total: data.length } };
}

export function useTransactions(filters: TransactionFilters, locale: string) {
  const client = useQueryClient();
  return useQuery({
    ...transactionsQueryOptions(filters, locale),
    // While this filter's own answer is not there: the saved whole history, filtered, else the previous filter's rows.
    placeholderData: (previous) =>
      filteredFromFullHistory(client.getQueryData(transactionsQueryOptions({}, locale).queryKey), filters) ?? previous,
  });
}
