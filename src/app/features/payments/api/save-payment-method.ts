import { useMutation } from '@tanstack/react-query';
import type { PaymentMethod } from '#domain/payment-methods';
import { paymentMethodsResponse, type PaymentMethods } from '#domain/schemas/payment-methods-answer';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { paymentMethodsQueryKey } from './payment-methods';

/** POST /payment_methods/{method}: the method's form fields; answers what is on file, masked. */
export async function savePaymentMethod(input: { method: PaymentMethod; fields: Record<string, string> }): Promise<PaymentMethods> {
  const methods = paymentMethodsResponse.parse(
    await apiRequest(`/payment_methods/${input.method}`, { method: 'POST', auth: true, body: input.fields }),
  ).data;
  queryClient.setQueryData(paymentMethodsQueryKey, methods);
  return methods;
}

export function useSavePaymentMethod() {
  return useMutation({ mutationFn: savePaymentMethod });
}
