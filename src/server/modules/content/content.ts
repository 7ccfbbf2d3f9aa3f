import { and, eq, inArray, sql } from 'drizzle-orm';
import { languageOf } from '#domain/locales';
import { regionalWording } from '#domain/quebec-wording';
import { supportedLocales, isSupportedLocale, type SupportedLocale } from '#domain/markets';
import { contentNamespaces, isContentNamespace, type ContentNamespace, type ContentStatus } from '#domain/content/namespaces';
import { contentKeysOf, contentSource } from '#domain/content/source';
import type { Database, Executor } from '../../db/client';
import { contentEntries } from '../../db/schema';
import { recordAudit, type Actor } from '../audit/audit';

/**
 * Brings the published texts up to date with the bundled source at every start. A text an
 * operator changed keeps the operator's version; new keys appear, changed bundled texts follow.
 */
export async function seedContent(db: Database): Promise<void> {
  const rows = supportedLocales.flatMap((locale) => {
    const language = contentSource[languageOf(locale)];
    return contentNamespaces.flatMap((namespace) =>
      Object.entries(language[namespace]).map(([key, text]) => ({
        locale,
        namespace,
        key,
        status: 'published' as const,
        // Canada's French in Quebec's words (courriel, service à la clientèle): src/domain/quebec-wording.ts.
        text: regionalWording(locale, text),
        source: 'bundled' as const,
      })),
    );
  });
  await db
    .insert(contentEntries)
    .values(rows)
    .onConflictDoUpdate({
      target: [contentEntries.locale, contentEntries.namespace, contentEntries.status, contentEntries.key],
      set: { text: sql`excluded.text`, updatedAt: sql`now()` },
      setWhere: sql`${contentEntries.source} = 'bundled' and ${contentEntries.text} <> excluded.text`,
    });
}

/**
 * One namespace's texts. `draft` is the preview: the published texts with every draft laid over
 * them, so a page shows complete while only some of its texts are being rewritten.
 */
export async function readNamespace(
  db: Executor,
  locale: SupportedLocale,
  namespace: ContentNamespace,
  status: ContentStatus,
): Promise<Record<string, string>> {
  const statuses: ContentStatus[] = status === 'draft' ? ['published', 'draft'] : ['published'];
  const rows = await db
    .select({ key: contentEntries.key, status: contentEntries.status, text: contentEntries.text })
    .from(contentEntries)
    .where(and(eq(contentEntries.locale, locale), eq(contentEntries.namespace, namespace), inArray(contentEntries.status, statuses)));
  return overlay(rows);
}

/** Every namespace of a locale: `{ namespace: { key: text } }`. */
export async function readTranslations(
  db: Executor,
  locale: SupportedLocale,
  status: ContentStatus,
): Promise<Record<string, Record<string, string>>> {
  const statuses: ContentStatus[] = status === 'draft' ? ['published', 'draft'] : ['published'];
  const rows = await db
    .select({ namespace: contentEntries.namespace, key: contentEntries.key, status: contentEntries.status, text: contentEntries.text })
    .from(contentEntries)
    .where(and(eq(contentEntries.locale, locale), inArray(contentEntries.status, statuses)));
  const translations: Record<string, Record<string, string>> = {};
  for (const namespace of contentNamespaces) {
    const texts = overlay(rows.filter((row) => row.namespace === namespace));
    if (Object.keys(texts).length > 0) translations[namespace] = texts;
  }
  return translations;
}

function overlay(rows: { key: string; status: string; text: string }[]): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const row of rows) if (row.status === 'published') texts[row.key] = row.text;
  for (const row of rows) if (row.status === 'draft') texts[row.key] = row.text;
  return Object.fromEntries(Object.entries(texts).sort(([a], [b]) => a.localeCompare(b)));
}

/** A mistake in an operator's command or file, said in words the operator can act on. */
export class ContentInputError extends Error {
  override name = 'ContentInputError';
}

export interface ContentEdit {
  locale: string;
  namespace: string;
  key: string;
  text: string;
}

function checkEdit(edit: ContentEdit): { locale: SupportedLocale; namespace: ContentNamespace; key: string; text: string } {
  const { locale, namespace, key } = edit;
  if (!isSupportedLocale(locale)) throw new ContentInputError(`unknown locale ${locale} (one of ${supportedLocales.join(', ')})`);
  if (!isContentNamespace(namespace))
    throw new ContentInputError(`unknown namespace ${namespace} (one of ${contentNamespaces.join(', ')})`);
  if (!contentKeysOf(namespace).includes(key))
    throw new ContentInputError(`namespace ${namespace} has no key ${key} (see: npm run ops -- content show ${locale} ${namespace})`);
  const text = edit.text.trim();
  if (text.length === 0) throw new ContentInputError(`the text of ${locale} ${namespace} ${key} is empty`);
  if (text.length > 10_000) throw new ContentInputError(`the text of ${locale} ${namespace} ${key} is over 10,000 characters`);
  return { locale, namespace, key, text };
}

/** Sets texts as published (live at once) or as drafts (seen with strapi_status=draft until published). All or nothing. */
export async function setContent(
  db: Database,
  actor: Actor,
  edits: ContentEdit[],
  status: ContentStatus,
  action: 'content.set' | 'content.import' = 'content.set',
): Promise<number> {
  const rows = edits.map(checkEdit).map((edit) => ({ ...edit, status, source: 'operator' as const }));
  if (rows.length === 0) return 0;
  await db.transaction(async (tx) => {
    await tx
      .insert(contentEntries)
      .values(rows)
      .onConflictDoUpdate({
        target: [contentEntries.locale, contentEntries.namespace, contentEntries.status, contentEntries.key],
        set: { text: sql`excluded.text`, source: sql`excluded.source`, updatedAt: sql`now()` },
      });
    await recordAudit(tx, actor, { action, ...contentRecord(rows), detail: { texts: rows.length, status } });
  });
  return rows.length;
}

/**
 * What an edit of texts names in the audit trail: one text by its locale, namespace and key; more,
 * by the pages (locale and namespace) they belong to. The texts themselves stay in the table.
 */
function contentRecord(rows: readonly { locale: string; namespace: string; key: string }[]): { recordType: string; recordId: string } {
  const [only] = rows;
  if (rows.length === 1 && only) return { recordType: 'content_text', recordId: `${only.locale}:${only.namespace}:${only.key}` };
  const pages = [...new Set(rows.map((row) => `${row.locale}:${row.namespace}`))].sort();
  return { recordType: 'content_pages', recordId: pages.join(',') };
}

/** Publishes the drafts of a locale (of one namespace, or all): they replace the published texts and stop being drafts. */
export async function publishDrafts(db: Database, actor: Actor, locale: string, namespace?: string): Promise<number> {
  if (!isSupportedLocale(locale)) throw new ContentInputError(`unknown locale ${locale} (one of ${supportedLocales.join(', ')})`);
  if (namespace !== undefined && !isContentNamespace(namespace)) throw new ContentInputError(`unknown namespace ${namespace}`);
  return db.transaction(async (tx) => {
    const scope = and(
      eq(contentEntries.locale, locale),
      eq(contentEntries.status, 'draft'),
      namespace ? eq(contentEntries.namespace, namespace) : undefined,
    );
    const drafts = await tx.select().from(contentEntries).where(scope);
    if (drafts.length === 0) return 0;
    await tx
      .insert(contentEntries)
      .values(drafts.map((draft) => ({ ...draft, status: 'published', source: 'operator', updatedAt: new Date() })))
      .onConflictDoUpdate({
        target: [contentEntries.locale, contentEntries.namespace, contentEntries.status, contentEntries.key],
        set: { text: sql`excluded.text`, source: sql`excluded.source`, updatedAt: sql`now()` },
      });
    await tx.delete(contentEntries).where(scope);
    await recordAudit(tx, actor, { action: 'content.publish', ...contentRecord(drafts), detail: { texts: drafts.length } });
    return drafts.length;
  });
}

/** Reads an import file `{ "fr-FR": { "faq": { "pending.q": "…" } } }` into edits; any mistake refuses the whole file. */
export function editsFromImport(file: unknown): ContentEdit[] {
  if (!isPlainObject(file))
    throw new ContentInputError('the file must hold an object: { "<locale>": { "<namespace>": { "<key>": "<text>" } } }');
  const edits: ContentEdit[] = [];
  for (const [locale, namespaces] of Object.entries(file)) {
    if (!isPlainObject(namespaces)) throw new ContentInputError(`${locale} must map namespaces to texts`);
    for (const [namespace, texts] of Object.entries(namespaces)) {
      if (!isPlainObject(texts)) throw new ContentInputError(`${locale} ${namespace} must map keys to texts`);
      for (const [key, text] of Object.entries(texts)) {
        if (typeof text !== 'string') throw new ContentInputError(`${locale} ${namespace} ${key} must be a text`);
        edits.push({ locale, namespace, key, text });
      }
    }
  }
  for (const edit of edits) checkEdit(edit);
  return edits;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The drafts of one page, waiting to be published: `{ key: text }`. */
export async function readDrafts(db: Executor, locale: SupportedLocale, namespace: ContentNamespace): Promise<Record<string, string>> {
  const rows = await db
    .select({ key: contentEntries.key, text: contentEntries.text })
    .from(contentEntries)
    .where(and(eq(contentEntries.locale, locale), eq(contentEntries.namespace, namespace), eq(contentEntries.status, 'draft')));
  return Object.fromEntries(rows.map((row) => [row.key, row.text]));
}
