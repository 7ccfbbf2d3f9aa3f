import { z } from 'zod';
import { contentStatuses } from '../content/namespaces';
import { keyed } from './fields';

/** `strapi_status` (the content system's name, kept for its clients: docs/product.md, Names kept from earlier clients) picks published or draft texts. */
export const contentStatusField = z.enum(contentStatuses, { error: keyed('invalidValue') }).default('published');

/** GET /translation?locale=&strapi_status= (an unknown locale is a 404, checked by the route). */
export const translationQuery = z.strictObject({
  locale: z
    .string({ error: keyed('invalidValue') })
    .min(1, { error: 'required' })
    .max(20, { error: 'tooLong' }),
  strapi_status: contentStatusField,
});

/** GET /locales/{lng}/{ns}.json?strapi_status= */
export const namespaceFileQuery = z.strictObject({ strapi_status: contentStatusField });
