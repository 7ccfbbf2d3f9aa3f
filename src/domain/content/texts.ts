/** One page's texts (a namespace), as GET /locales/{lng}/{ns}.json serves them: key → text. */
export type NamespaceTexts = Record<string, string>;

export class ContentShapeError extends Error {
  override readonly name = 'ContentShapeError';
}

/**
 * Checks an answer of the content endpoint. Written out rather than a zod schema: it runs on the
 * first page a visitor opens, where zod (about 25 KB compressed) would be a sixth of the
 * 150 KB budget, for a shape this small.
 */
export function parseNamespaceTexts(value: unknown): NamespaceTexts {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ContentShapeError('page texts must be an object');
  const texts: NamespaceTexts = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text !== 'string') throw new ContentShapeError(`page text ${key} is not a string`);
    texts[key] = text;
  }
  return texts;
}
