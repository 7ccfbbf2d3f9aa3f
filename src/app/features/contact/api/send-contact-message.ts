import { useMutation } from '@tanstack/react-query';
import type { ContactBody } from '#domain/schemas/contact';
import { apiRequestChecked } from '../../../lib/api';

/** POST /contact (public): stored and mailed to support; 201 `{data: {id, created_at}}`. */
export async function sendContactMessage(body: ContactBody) {
  const answer = await apiRequestChecked('/contact', { method: 'POST', body }, () =>
    import('#domain/schemas/contact').then((schemas) => schemas.contactResponse),
  );
  return answer.data;
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
