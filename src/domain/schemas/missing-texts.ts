import { z } from 'zod';
import { contentNamespaces } from '../content/namespaces';
import { languages } from '../locales';
import { supportedLocales } from '../markets';

/**
 * Texts the app asked for and did not have (POST /locales/add/{lng}/{ns}, the i18next "missing
 * key" call): the page texts of a content namespace that the server lacks, and `messages`, the
 * interface catalogue (Lingui), whose production build knows a message by its id only.
 */
export const missingTextNamespaces = [...contentNamespaces, 'messages'] as const;
export type MissingTextNamespace = (typeof missingTextNamespaces)[number];

/** A locale of the app, or a bare language (i18next sends either). */
export const missingTextLanguages = [...supportedLocales, ...languages] as const;

export const missingTextSchema = z.object({
  locale: z.string(),
  namespace: z.string(),
  key: z.string(),
  fallback: z.string(),
  count: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
});
export type MissingText = z.infer<typeof missingTextSchema>;
