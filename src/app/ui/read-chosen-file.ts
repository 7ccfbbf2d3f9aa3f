/** A file chosen in a file field, read as text, or why it was not: each form says the problem in its own words. */
export type ChosenFile = { ok: true; name: string; content: string } | { ok: false; problem: 'none' | 'unreadable' | 'too-large' };

/**
 * Reads the chosen file as text: none chosen, not readable on this device (moved or deleted since
 * it was chosen, or refused by the browser), or longer than `maxLength` characters (what the server takes).
 */
export async function readChosenFile(file: File | undefined, maxLength: number): Promise<ChosenFile> {
  if (!file) return { ok: false, problem: 'none' };
  let content: string;
  try {
    content = await file.text();
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
  return content.length > maxLength ? { ok: false, problem: 'too-large' } : { ok: true, name: file.name, content };
}
