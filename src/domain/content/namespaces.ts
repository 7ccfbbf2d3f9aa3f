/**
 * Page content: each public page's texts are one namespace of keyed strings per locale. The app
 * bundles these texts (src/domain/content/<language>.ts) as the fallback; the server seeds its
 * content table from the same files and serves the current version, which operators may edit.
 */
export const contentNamespaces = ['home', 'how-it-works', 'faq', 'shop-and-return', 'privacy-policy', 'contact-us'] as const;
export type ContentNamespace = (typeof contentNamespaces)[number];

export function isContentNamespace(value: unknown): value is ContentNamespace {
  return typeof value === 'string' && (contentNamespaces as readonly string[]).includes(value);
}

export const contentStatuses = ['published', 'draft'] as const;
export type ContentStatus = (typeof contentStatuses)[number];

/** One namespace's texts: key → text. Paragraphs are separated by a blank line; lines starting "- " form a list. */
export type NamespaceTexts = Record<string, string>;

/** A language's texts for every namespace, keys as in the English source. */
export type LanguageContent<Shape extends Record<ContentNamespace, NamespaceTexts>> = {
  [Namespace in ContentNamespace]: Record<keyof Shape[Namespace], string>;
};

/**
 * Placeholders a text may hold, filled by the app from the market's rules so that one text
 * serves every market: {minimum} (smallest withdrawal in the market's currency), {fee} and
 * {feeThreshold} (Japan's withdrawal fee and the amount below which it applies), {days}
 * (the longest wait for a check-in), {postcode} (the word for a postcode in the reader's locale, within a
 * sentence: ZIP code, postcode, postal code).
 */
export const contentPlaceholders = ['minimum', 'fee', 'feeThreshold', 'days', 'postcode'] as const;
export type ContentPlaceholder = (typeof contentPlaceholders)[number];
