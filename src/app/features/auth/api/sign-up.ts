import { useMutation } from '@tanstack/react-query';
import type { SignUpBody, User } from '#domain/schemas/account';
import { apiRequest } from '../../../lib/api';

export async function signUp(body: SignUpBody): Promise<User> {
  // The answer's schema loads beside the call, not with the sign-up page (use-form-submit.ts says why).
  const [answer, { userAnswer }] = await Promise.all([apiRequest('/user', { method: 'POST', body }), import('#domain/schemas/account')]);
  return userAnswer.parse(answer).data;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
