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

/** GET /ops/content/{locale}/{namespace}: a page's live texts and the drafts waiting, key → text. */
// Not z.record: the console's zod is the customers' zod chunk (error-answers.ts says why).
export const contentPageTextsSchema = z.object({ published: z.object({}).catchall(z.string()), drafts: z.object({}).catchall(z.string()) });
export type ContentPageTexts = z.infer<typeof contentPageTextsSchema>;

/** A draft's text at most (PUT /ops/content/{locale}/{namespace}/{key}). */
export const maxDraftLength = 10_000;

/** PUT /ops/content/{locale}/{namespace}/{key}'s answer. */
export const contentDraftSchema = z.object({ key: z.string(), text: z.string(), status: z.literal('draft') });
export type ContentDraft = z.infer<typeof contentDraftSchema>;

/** POST /ops/content/{locale}/publish's answer: how many drafts went live. */
export const contentPublishedSchema = z.object({ published: z.number().int() });
