import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethods } from '#domain/schemas/payment-methods-answer';
import { apiRequestChecked } from '../../../lib/api';

/** GET /payment_methods: what is on file (masked), the default, and the methods the market offers. */
export async function fetchPaymentMethods(signal?: AbortSignal): Promise<PaymentMethods> {
  const answer = await apiRequestChecked('/payment_methods', { auth: true, signal }, () =>
    import('#domain/schemas/payment-methods-answer').then((schemas) => schemas.paymentMethodsResponse),
  );
  return answer.data;
}

export const paymentMethodsQueryKey = ['payments', 'methods'] as const;

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: paymentMethodsQueryKey, queryFn: ({ signal }) => fetchPaymentMethods(signal), staleTime: 30_000 });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
