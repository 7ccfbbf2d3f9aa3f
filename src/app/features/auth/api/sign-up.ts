import { useMutation } from '@tanstack/react-query';
import type { SignUpBody } from '#domain/schemas/account';
import type { User } from '#domain/schemas/user';
import { apiRequestChecked } from '../../../lib/api';

export async function signUp(body: SignUpBody): Promise<User> {
  const answer = await apiRequestChecked('/user', { method: 'POST', body }, () =>
    import('#domain/schemas/user').then((schemas) => schemas.userAnswer),
  );
  return answer.data;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
