import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '#domain/schemas/contact';
import { apiRequest } from '../../../lib/api';

/** POST /contact (public): stored and mailed to support; 201 `{data: {id, created_at}}`. */
export async function sendContactMessage(body: ContactBody) {
  // The answer's schema loads beside the call, not with the contact page (use-form-submit.ts says why).
  const [answer, { contactResponse }] = await Promise.all([
    apiRequest('/contact', { method: 'POST', body }),
    import('#domain/schemas/contact'),
  ]);
  return contactResponse.parse(answer).data;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
