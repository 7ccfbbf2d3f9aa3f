/**
 * Text from outside (customers' notes, names posted without signing in, missing-text keys) reaches
 * the operator's terminal through the CLI. A terminal obeys control characters: ESC sequences can
 * erase lines, move the cursor to rewrite amounts and statuses already shown, retitle the window or
 * set the clipboard (OSC 52); C1 codes do the same on some terminals; bidi overrides reorder what
 * is read. Each such character is printed as a visible escape instead (`\x1b`, `\u202e`).
 */
// C0 (tab and line breaks included), DEL, C1, the bidi marks, embeddings, overrides and isolates, and the Unicode line separators.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const unsafe = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;
// eslint-disable-next-line no-control-regex -- as above, line feed aside
const unsafeKeepingNewlines = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

function visible(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** One field of outside text on one line: every control character escaped, line breaks too (no forged lines). */
export function terminalField(text: string): string {
  return text.replace(unsafe, visible);
}

/**
 * Everything the CLI prints, as a last guard: our own line breaks stay, any other control
 * character is escaped. Escaped text has none left, so a second pass changes nothing.
 */
export function terminalOutput(text: string): string {
  return text.replace(unsafeKeepingNewlines, visible);
}
