import { useMutation } from '@tanstack/react-query';
import { contactResponse, type ContactBody } from '#domain/schemas/contact';
import { apiRequest } from '../../../lib/api';

/** POST /contact (public): stored and mailed to support; 201 `{data: {id, created_at}}`. */
export async function sendContactMessage(body: ContactBody) {
  return contactResponse.parse(await apiRequest('/contact', { method: 'POST', body })).data;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
