import { z } from 'zod';
import { countryCodeField, localeField } from './fields';

/**
 * The customer as the API answers it, apart from the account forms' rules (account.ts): every
 * signed-in page reads it on its first load, and the forms' rules (postal codes, passwords) load
 * only with the forms.
 */

export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  country_code: countryCodeField,
  locale: localeField,
  zip_code: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** The answer of `GET /user`, `POST /user`, `PATCH /user` and `POST /user/verify_email`: the customer under `data`. */
export const userAnswer = z.object({ data: userSchema });
