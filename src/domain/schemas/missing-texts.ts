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

export const missingTextLimits = {
  /** Keys in one report: the app sends one page's missing keys at a time. */
  keysPerReport: 50,
  keyLength: 200,
  textLength: 2000,
  /** Rows kept at most: past it, reports only count keys already listed (a flood cannot fill the database). */
  storedKeys: 10_000,
} as const;

export const missingTextParams = z.strictObject({
  lng: z.enum(missingTextLanguages, { error: 'invalidValue' }),
  ns: z.enum(missingTextNamespaces, { error: 'invalidValue' }),
});

/** `{ "<key>": "<the text shown instead>" }`. */
export const missingTextBody = z
  .record(
    z.string().min(1, { error: 'invalidValue' }).max(missingTextLimits.keyLength, { error: 'tooLong' }),
    z.string({ error: 'invalidValue' }).max(missingTextLimits.textLength, { error: 'tooLong' }),
    { error: 'invalidValue' },
  )
  .refine((body) => Object.keys(body).length >= 1, { error: 'required' })
  .refine((body) => Object.keys(body).length <= missingTextLimits.keysPerReport, { error: 'tooLong' });
export type MissingTextBody = z.infer<typeof missingTextBody>;

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
