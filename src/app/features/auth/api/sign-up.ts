import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { userSchema, type SignUpBody, type User } from '#domain/schemas/account';
import { apiRequest } from '../../../lib/api';

const signUpAnswer = z.object({ data: userSchema });

export async function signUp(body: SignUpBody): Promise<User> {
  return signUpAnswer.parse(await apiRequest('/user', { method: 'POST', body })).data;
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
