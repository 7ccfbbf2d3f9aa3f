/** A file chosen in a file field, read, or why it was not: each form says the problem in its own words. */
export type ChosenFile<Content = string> =
  { ok: true; name: string; content: Content } | { ok: false; problem: 'none' | 'unreadable' | 'too-large' };

/**
 * Reads the chosen file: none chosen, not readable on this device (moved or deleted since it was
 * chosen, or refused by the browser), or larger than the server takes.
 */
async function readChosen<Content>(
  file: File | undefined,
  read: (file: File) => Promise<Content>,
  fits: (content: Content) => boolean,
): Promise<ChosenFile<Content>> {
  if (!file) return { ok: false, problem: 'none' };
  let content: Content;
  try {
    content = await read(file);
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  return fits(content) ? { ok: true, name: file.name, content } : { ok: false, problem: 'too-large' };
}

/** The chosen file as text, at most `maxLength` characters (what the server takes). */
export function readChosenFile(file: File | undefined, maxLength: number): Promise<ChosenFile> {
  return readChosen(
    file,
    (chosen) => chosen.text(),
    (content) => content.length <= maxLength,
  );
}

/** The chosen file as its bytes (a bank's answer need not be UTF-8), at most `maxBytes`. */
export function readChosenBytes(file: File | undefined, maxBytes: number): Promise<ChosenFile<Uint8Array>> {
  return readChosen(
    file,
    async (chosen) => new Uint8Array(await chosen.arrayBuffer()),
    (content) => content.length <= maxBytes,
  );
}
