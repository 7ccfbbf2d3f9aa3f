import { z } from 'zod';
import { dsarKinds } from '../dsar-kinds';
import { countryCodeField, emailField, keyed, localeField, optionalText, passwordField, requiredText } from './fields';

/**
 * DELETE /user: the password again, and the box ticked. `give_up_balance`: the person agrees to lose a
 * balance below the minimum withdrawal, which nothing else could pay out (docs/product.md, Account deletion).
 */
export const deleteAccountBody = z.strictObject({
  password: passwordField,
  confirm: z.literal(true, { error: 'confirmDeletion' }),
  give_up_balance: z.boolean({ error: 'invalidValue' }).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export { dsarKinds, type DsarKind } from '../dsar-kinds';

export const maxDsarMessageLength = 2000;

/** POST /dsar: anyone may file one, signed in or not. */
export const dsarBody = z.strictObject({
  kind: z.enum(dsarKinds, { error: keyed('invalidValue') }),
  name: requiredText(100),
  email: emailField,
  country_code: countryCodeField,
  locale: localeField,
  message: optionalText(maxDsarMessageLength).optional(),
});
export type DsarBody = z.infer<typeof dsarBody>;

export const dsarReceipt = z.object({
  id: z.string(),
  kind: z.enum(dsarKinds),
  received_at: z.string(),
  due_at: z.string(),
});
export type DsarReceipt = z.infer<typeof dsarReceipt>;
