import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentMethodsResponse, type PaymentMethods } from '#domain/schemas/payment-methods-answer';
import { apiRequest } from '../../../lib/api';

/** GET /payment_methods: what is on file (masked), the default, and the methods the market offers. */
export async function fetchPaymentMethods(signal?: AbortSignal): Promise<PaymentMethods> {
  return paymentMethodsResponse.parse(await apiRequest('/payment_methods', { auth: true, signal })).data;
}

export const paymentMethodsQueryKey = ['payments', 'methods'] as const;

export const paymentMethodsQueryOptions = () =>
  queryOptions({ queryKey: paymentMethodsQueryKey, queryFn: ({ signal }) => fetchPaymentMethods(signal), staleTime: 30_000 });

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
