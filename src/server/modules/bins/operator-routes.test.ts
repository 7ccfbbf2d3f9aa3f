import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binsImportReportSchema } from '#domain/schemas/bins-import';
import { narrowNoBreakSpace } from '#domain/typography';
import { rowsOf } from '../../db/client';
import { testActor } from '../../testing/actor';
import { databaseKinds } from '../../testing/databases';
import { signedInOperator } from '../../testing/operators';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { listBins, saveRetailer } from './service';

const header = 'id,country_code,lat,lng,details,retailer_id';

describe.each(databaseKinds)('POST /ops/bins/import on %s', (kind) => {
  let t: TestApp;
  let editor: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await saveRetailer(t.db, testActor, { id: 'route-shop', name: 'Route Shop' });
    editor = (await signedInOperator(t, ['content'])).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  const importFile = (body: Record<string, unknown>, headers: Record<string, string> = editor) =>
    t.inject({ method: 'POST', url: '/api/v2/ops/bins/import', headers, payload: body });
  const importEntries = async () =>
    Number(
      rowsOf<{ n: string | number }>(await t.db.execute(sql`SELECT count(*) AS n FROM audit_entries WHERE action = 'bins.import'`))[0]?.n,
    );

  it('checks a file without writing (dry run), then imports it: the valid rows, one audit entry, each rejected row with its reasons', async () => {
    const csv = [
      header,
      'route-1,fr,48.85,2.35,"Route Shop, 3 rue de Rivoli",route-shop',
      'route-2,fr,95,2.35,Somewhere,route-shop',
      'route-3,de,48,2,Somewhere,nobody',
      'route-1,fr,48.86,2.36,Again,route-shop',
    ].join('\n');
    const entriesBefore = await importEntries();

    const checked = await importFile({ file_name: 'bins.csv', content: csv, dry_run: true });
    expect(checked.statusCode).toBe(200);
    const expectedRejections = [
      { row: 3, id: 'route-2', reasons: ['badLatitude'] },
      { row: 4, id: 'route-3', reasons: ['badCountry', 'unknownRetailer'] },
      { row: 5, id: 'route-1', reasons: ['duplicateId'] },
    ];
    expect(binsImportReportSchema.parse(checked.json().data)).toEqual({
      added: 1,
      updated: 0,
      rejected: expectedRejections,
      dry_run: true,
    });
    expect((await listBins(t.db, 'fr', 'en')).some((bin) => bin.id === 'route-1')).toBe(false);
    expect(await importEntries()).toBe(entriesBefore);

    const imported = await importFile({ file_name: 'Bins.CSV', content: csv });
    expect(imported.json().data).toEqual({ added: 1, updated: 0, rejected: expectedRejections, dry_run: false });
    expect((await listBins(t.db, 'fr', 'en')).find((bin) => bin.id === 'route-1')).toMatchObject({
      lat: 48.85,
      details: 'Route Shop, 3 rue de Rivoli',
    });
    expect(await importEntries()).toBe(entriesBefore + 1);

    // GeoJSON moves the same bin; a row without an id reports a null id.
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: 'route-1',
          geometry: { type: 'Point', coordinates: [2.4, 48.9] },
          properties: { country_code: 'fr', details: 'Moved', retailer_id: 'route-shop' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [2.4, 48.9] },
          properties: { country_code: 'fr', details: 'No id', retailer_id: 'route-shop' },
        },
      ],
    });
    const moved = await importFile({ file_name: 'bins.geojson', content: geojson });
    expect(moved.json().data).toEqual({ added: 0, updated: 1, rejected: [{ row: 2, id: null, reasons: ['missingId'] }], dry_run: false });
    expect(await importEntries()).toBe(entriesBefore + 2);
  });

  it('a file that cannot be read is 400 VALIDATION_FAILED, said in the caller’s language; nothing is written', async () => {
    const entriesBefore = await importEntries();
    const english = await importFile({ file_name: 'bins.csv', content: 'id,lat,lng\n1,2,3\n' });
    expect(english.statusCode).toBe(400);
    expect(english.json().error).toEqual({
      code: 'VALIDATION_FAILED',
      message:
        'The header row lacks the column(s) country_code, details, retailer_id (expected id,country_code,lat,lng,details,retailer_id).',
      fields: { content: 'invalidValue' },
    });
    const french = await importFile(
      { file_name: 'bins.geojson', content: '{"type":"Feature"}' },
      { ...editor, 'accept-language': 'fr-FR' },
    );
    expect(french.json().error.message).toBe('Le fichier n’est pas une FeatureCollection GeoJSON.');
    const quoted = await importFile({ file_name: 'bins.csv', content: `${header}\n"open,fr` }, { ...editor, 'accept-language': 'fr-FR' });
    expect(quoted.json().error.message).toBe(`Ligne 2${narrowNoBreakSpace}: un champ entre guillemets n’est pas refermé.`);
    const japanese = await importFile({ file_name: 'bins.geojson', content: 'not json' }, { ...editor, 'accept-language': 'ja' });
    expect(japanese.json().error.message).toBe('ファイルが正しいJSONではありません。');
    expect(await importEntries()).toBe(entriesBefore);
  });

  it('refuses another kind of file name, an empty or oversized content, and unknown fields, by field', async () => {
    const fields = async (body: Record<string, unknown>) => {
      const response = await importFile(body);
      expect(response.statusCode).toBe(400);
      return response.json().error.fields as Record<string, string>;
    };
    expect(await fields({ file_name: 'bins.txt', content: header })).toEqual({ file_name: 'invalidValue' });
    expect(await fields({ file_name: 'bins.csv', content: '' })).toEqual({ content: 'required' });
    expect(await fields({ file_name: 'bins.csv', content: 'x'.repeat(2_000_001) })).toEqual({ content: 'tooLong' });
    expect(await fields({ file_name: 'bins.csv', content: header, dry_run: 'yes' })).toEqual({ dry_run: 'invalidValue' });
  });

  it('is for the content role: another operator is refused, and so is a customer or nobody', async () => {
    const care = await signedInOperator(t, ['care']);
    const body = { file_name: 'bins.csv', content: `${header}\n`, dry_run: true };
    expect((await importFile(body, care.headers)).json().error.code).toBe('OPERATOR_ROLE_REQUIRED');
    expect((await importFile(body, {})).statusCode).toBe(401);
  });
});
