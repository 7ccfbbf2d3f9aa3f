/** An id as clients and rows spell it (8-4-4-4-12 hex digits). */
export const idPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A LIKE pattern matching any text that contains `text`, with the searched text's own `%`, `_`
 * and `\` taken literally: an operator typing "a_b" finds "a_b", not "axb".
 */
export function containingPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** `text` inside a LIKE pattern (a prefix, a part): its own `%`, `_` and `\` taken literally. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
