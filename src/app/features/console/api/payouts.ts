import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { CountryCode, Currency } from '#domain/markets';
import type { PaymentMethod } from '#domain/payment-methods';
import { payoutsPage, type PayoutsPage } from '#domain/schemas/operator-answers';
import { consoleRequest } from '../console-api';

/** Which payouts finance looks at: those to pay, or those settled (the history); the filters narrow either. */
export interface PayoutFilter {
  status: 'pending' | 'settled';
  /** The payout reference, or part of the customer's email; empty for all. */
  q: string;
  market?: CountryCode;
  method?: PaymentMethod;
  currency?: Currency;
  batch?: string;
}

/**
 * GET /ops/payouts: a page of pending payouts (oldest first) or settled ones (newest settled
 * first), as filtered, with what they all add up to.
 */
export async function fetchPayouts(filter: PayoutFilter, cursor: string | null, signal?: AbortSignal): Promise<PayoutsPage> {
  const query = new URLSearchParams({ status: filter.status });
  if (filter.q !== '') query.set('q', filter.q);
  for (const key of ['market', 'method', 'currency', 'batch'] as const) {
    const value = filter[key];
    if (value !== undefined && value !== '') query.set(key, value);
  }
  if (cursor !== null) query.set('cursor', cursor);
  return payoutsPage.parse(await consoleRequest(`/payouts?${query.toString()}`, { signal }));
}

/** Every list of payouts, whatever its tab and filters: settling one changes them all. */
export const pendingPayoutsQueryKey = ['ops', 'payouts'] as const;

export const payoutsQueryOptions = (filter: PayoutFilter) =>
  infiniteQueryOptions({
    queryKey: [...pendingPayoutsQueryKey, filter],
    queryFn: ({ signal, pageParam }) => fetchPayouts(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.meta.next_cursor,
    // Another tab or filter keeps the list in place until its answer comes, rather than a blank page.
    placeholderData: keepPreviousData,
  });

export function usePayouts(filter: PayoutFilter) {
  return useInfiniteQuery(payoutsQueryOptions(filter));
}
