import { z } from 'zod';
import { contactMessageMaxLength, contactMessageMinLength, contactTopics } from '../contact-topics';
import { countryCodeField, emailField, keyed, localeField, requiredText } from './fields';

/** POST /contact: the contact form. country_code and locale say which market and language to answer in. */
export const contactBody = z.strictObject({
  name: requiredText(100),
  email: emailField,
  topic: z.enum(contactTopics, { error: keyed('invalidValue') }),
  message: z
    .string({ error: keyed('invalidValue') })
    .trim()
    .min(1, { error: 'required' })
    .min(contactMessageMinLength, { error: 'messageTooShort' })
    .max(contactMessageMaxLength, { error: 'messageTooLong' }),
  country_code: countryCodeField.optional(),
  locale: localeField.optional(),
});
export type ContactBody = z.infer<typeof contactBody>;

export const contactResponse = z.object({
  data: z.object({ id: z.string(), created_at: z.string() }),
});
