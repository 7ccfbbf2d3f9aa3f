import { useMutation } from '@tanstack/react-query';
import type { PaymentMethod } from '#domain/payment-methods';
import { paymentMethodsResponse, type PaymentMethods } from '#domain/schemas/payment-methods-answer';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { paymentMethodsQueryKey } from './payment-methods';

/** PUT /payment_methods {withdraw_type} */
export async function setDefaultPaymentMethod(method: PaymentMethod): Promise<PaymentMethods> {
  const methods = paymentMethodsResponse.parse(
    await apiRequest('/payment_methods', { method: 'PUT', auth: true, body: { withdraw_type: method } }),
  ).data;
  queryClient.setQueryData(paymentMethodsQueryKey, methods);
  return methods;
}

export function useSetDefaultPaymentMethod() {
  return useMutation({ mutationFn: setDefaultPaymentMethod });
}
