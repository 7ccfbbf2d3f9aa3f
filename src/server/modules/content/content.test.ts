import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enContent } from '#domain/content/en';
import { frContent } from '#domain/content/fr';
import { jaContent } from '#domain/content/ja';
import { contentNamespaces } from '#domain/content/namespaces';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { operatorHeaders, testOperatorKey } from '../../testing/wallet';
import { editsFromImport, publishDrafts, seedContent, setContent } from './content';
import { testActor } from '../../testing/actor';
import { signedInOperator } from '../../testing/operators';

describe.each(databaseKinds)('page content endpoints on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { OPS_KEY: testOperatorKey } });
    await seedContent(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.inject({ method: 'GET', url, headers });

  it('serves one namespace as /locales/{lng}/{ns}.json, in each locale, from the seeded source', async () => {
    const en = await get('/locales/en-US/faq.json');
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/^application\/json/);
    expect(en.headers['cache-control']).toBe('public, max-age=300');
    expect(en.json()).toEqual({ ...enContent.faq });

    expect((await get('/locales/fr-FR/how-it-works.json')).json()).toEqual({ ...frContent['how-it-works'] });
    expect((await get('/locales/ja-JP/privacy-policy.json')).json()).toEqual({ ...jaContent['privacy-policy'] });
    // British and Canadian English start from the English text.
    expect((await get('/locales/en-GB/home.json')).json()).toEqual({ ...enContent.home });
    // Canada's French is France's in Quebec's words.
    const quebec = (await get('/locales/fr-CA/faq.json')).json();
    expect(quebec['change_email.q']).toBe('Comment changer mon adresse courriel ou mon {postcode}\u202F?');
    expect(JSON.stringify(quebec)).not.toMatch(/e-mail/);
  });

  it('serves every namespace of a locale as GET /api/v2/translation → data.translations', async () => {
    const response = await get('/api/v2/translation?locale=ja-JP');
    expect(response.statusCode).toBe(200);
    const { translations } = response.json().data;
    expect(Object.keys(translations).sort()).toEqual([...contentNamespaces].sort());
    expect(translations.faq['pending.q']).toBe(jaContent.faq['pending.q']);
  });

  it('answers 404 for an unknown locale or namespace, and 400 without a locale', async () => {
    for (const url of ['/locales/de-DE/faq.json', '/locales/en-US/recipes.json', '/locales/en-US/faq', '/locales/en-US/faq.txt']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await get('/api/v2/translation?locale=xx-YY')).statusCode).toBe(404);
    const missing = await get('/api/v2/translation');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ locale: 'required' });
    const badStatus = await get('/locales/en-US/faq.json?strapi_status=archived');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.fields).toEqual({ strapi_status: 'invalidValue' });
  });

  it('keeps drafts apart: strapi_status=draft previews them over the published texts until they are published', async () => {
    await setContent(t.db, testActor, [{ locale: 'fr-FR', namespace: 'faq', key: 'fees.q', text: 'Des frais ? (brouillon)' }], 'draft');

    const published = await get('/locales/fr-FR/faq.json?strapi_status=published');
    expect(published.json()['fees.q']).toBe(frContent.faq['fees.q']);
    // Drafts are not public: without the operator key, or with a wrong one, they are refused.
    expect((await get('/locales/fr-FR/faq.json?strapi_status=draft')).statusCode).toBe(401);
    expect(
      (await get('/api/v2/translation?locale=fr-FR&strapi_status=draft', { 'x-ops-key': 'not-the-key-0123456789' })).json().error.code,
    ).toBe('OPS_KEY_INVALID');
    const draft = await get('/locales/fr-FR/faq.json?strapi_status=draft', operatorHeaders);
    expect(draft.statusCode).toBe(200);
    expect(draft.headers['cache-control']).toBe('no-store');
    expect(draft.json()['fees.q']).toBe('Des frais ? (brouillon)');
    // A page previewed as a draft is complete: texts without a draft come from the published version.
    expect(draft.json()['pending.q']).toBe(frContent.faq['pending.q']);
    const translations = (await get('/api/v2/translation?locale=fr-FR&strapi_status=draft', operatorHeaders)).json().data.translations;
    expect(translations.faq['fees.q']).toBe('Des frais ? (brouillon)');

    expect(await publishDrafts(t.db, testActor, 'fr-FR', 'faq')).toBe(1);
    expect((await get('/locales/fr-FR/faq.json')).json()['fees.q']).toBe('Des frais ? (brouillon)');
    expect(await publishDrafts(t.db, testActor, 'fr-FR')).toBe(0);
  });

  it('an editor writes a draft, previews it with their own session, and publishes it; other roles may not', async () => {
    const editor = await signedInOperator(t, ['content']);
    const care = await signedInOperator(t, ['care']);
    const text = 'Combien coûte le retour\u202f? (brouillon de l’éditrice)';
    const written = await t.inject({
      method: 'PUT',
      url: '/api/v2/ops/content/fr-FR/faq/fees.q',
      headers: editor.headers,
      payload: { text },
    });
    expect(written.statusCode, written.body).toBe(200);
    const unknownKey = await t.inject({
      method: 'PUT',
      url: '/api/v2/ops/content/fr-FR/faq/no.such.key',
      headers: editor.headers,
      payload: { text },
    });
    expect(unknownKey.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { key: 'invalidValue' } });
    expect(
      (await t.inject({ method: 'PUT', url: '/api/v2/ops/content/fr-FR/faq/fees.q', headers: care.headers, payload: { text } })).statusCode,
    ).toBe(403);

    // The preview: the editor's session, no key; care's session is refused, and the public sees the published text.
    expect((await get('/locales/fr-FR/faq.json?strapi_status=draft', editor.headers)).json()['fees.q']).toBe(text);
    expect((await get('/locales/fr-FR/faq.json?strapi_status=draft', care.headers)).statusCode).toBe(403);
    expect((await get('/locales/fr-FR/faq.json')).json()['fees.q']).not.toBe(text);
    const page = (await get('/api/v2/ops/content/fr-FR/faq', editor.headers)).json().data;
    expect(page.drafts).toEqual({ 'fees.q': text });

    const published = await t.inject({
      method: 'POST',
      url: '/api/v2/ops/content/fr-FR/publish',
      headers: editor.headers,
      payload: { namespace: 'faq' },
    });
    expect(published.json().data).toEqual({ published: 1 });
    expect((await get('/locales/fr-FR/faq.json')).json()['fees.q']).toBe(text);
    await setContent(t.db, testActor, [{ locale: 'fr-FR', namespace: 'faq', key: 'fees.q', text: frContent.faq['fees.q'] }], 'published');
  });

  it('keeps an operator’s edit when the bundled source is seeded again at the next start', async () => {
    await setContent(
      t.db,
      testActor,
      [{ locale: 'en-CA', namespace: 'home', key: 'lead', text: 'Canadian lead, edited by an operator.' }],
      'published',
    );
    await seedContent(t.db);
    expect((await get('/locales/en-CA/home.json')).json().lead).toBe('Canadian lead, edited by an operator.');
    expect((await get('/locales/en-US/home.json')).json().lead).toBe(enContent.home.lead);
  });

  it('refuses an edit or an import with an unknown locale, namespace or key, writing nothing', async () => {
    await expect(
      setContent(t.db, testActor, [{ locale: 'en-US', namespace: 'faq', key: 'no.such.key', text: 'x' }], 'published'),
    ).rejects.toThrow(/has no key/);
    expect(() => editsFromImport({ 'en-US': { faq: { 'fees.q': 'ok' } }, 'de-DE': { faq: { 'fees.q': 'nein' } } })).toThrow(
      /unknown locale de-DE/,
    );
    expect(() => editsFromImport({ 'en-US': { faq: { 'fees.q': 42 } } })).toThrow(/must be a text/);
    expect((await get('/locales/en-US/faq.json')).json()['fees.q']).toBe(enContent.faq['fees.q']);
  });
});
