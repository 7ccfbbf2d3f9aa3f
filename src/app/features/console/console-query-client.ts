import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api';
import { waitingWorkQueryKey } from './api/waiting-work';

/**
 * The console's own query client: its answers (disputes with customers' notes, payouts, operators)
 * stay in this tab's memory and are never written to the customer's persisted cache (IndexedDB),
 * which the customer query client saves for a week.
 */
export const consoleQueryClient: QueryClient = new QueryClient({
  // Any decision (a credit, an approval, a payout) may change what waits: the navigation's badges are asked again.
  mutationCache: new MutationCache({
    onSuccess: () => consoleQueryClient.invalidateQueries({ queryKey: waitingWorkQueryKey }),
  }),
  defaultOptions: {
    queries: {
      staleTime: 10_000,
      retry: (failureCount, error) => {
        if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
        return failureCount < 2;
      },
    },
  },
});
