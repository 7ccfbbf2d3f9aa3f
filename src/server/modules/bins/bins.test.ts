import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { binsResponse } from '#domain/bins';
import { countryCodes } from '#domain/markets';
import { seedDemoBins } from '../../seed/bins-data';
import { databaseKinds } from '../../testing/databases';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { parseBinsCsv, parseBinsGeoJson } from './import-file';
import { formatImportReport } from '../../operator-cli/commands/bins';
import { importBins, listBins, removeBins, saveRetailer } from './service';
import { testActor } from '../../testing/actor';

describe.each(databaseKinds)('return bins on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        MAP_STYLE_URL: 'https://tiles.example.com/styles/streets.json',
        MAP_TILE_ORIGINS: 'https://a.tiles.example.net, https://fonts.example.org/',
      },
    });
    await seedDemoBins(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds hundreds of bins in every market, at several retailers, once', async () => {
    let total = 0;
    for (const country of countryCodes) {
      const bins = await listBins(t.db, country, 'en');
      expect(bins.length).toBeGreaterThanOrEqual(60);
      expect(new Set(bins.map((bin) => bin.retailer.id)).size).toBeGreaterThanOrEqual(2);
      total += bins.length;
    }
    expect(total).toBeGreaterThanOrEqual(300);
    expect(await seedDemoBins(t.db)).toBe(0);
  });

  it('GET /bins lists a market’s bins as {id, lat, lng, details, retailer}, public and cacheable, gzipped when asked', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/bins?country_code=fr', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['content-encoding']).toBe('gzip');
    const body = binsResponse.parse(JSON.parse(gunzipSync(response.rawPayload).toString('utf8')));
    expect(body.data[0]).toEqual({
      id: expect.stringMatching(/^fr-/),
      lat: expect.any(Number),
      lng: expect.any(Number),
      details: expect.any(String),
      retailer: { id: expect.any(String), name: expect.any(String) },
    });
    // Every French bin is in metropolitan France.
    for (const bin of body.data) {
      expect(bin.lat).toBeGreaterThan(41);
      expect(bin.lat).toBeLessThan(51.5);
    }
  });

  it('GET /bins describes the Canadian bins in the request’s language: French in French, English in English', async () => {
    const inLanguage = async (query: string, headers: Record<string, string> = {}) => {
      const response = await t.inject({ method: 'GET', url: `/api/v2/bins?country_code=ca${query}`, headers });
      expect(response.statusCode).toBe(200);
      return binsResponse.parse(response.json()).data;
    };
    const french = await inLanguage('&language=fr');
    const english = await inLanguage('&language=en');
    expect(french.map((bin) => bin.id)).toEqual(english.map((bin) => bin.id));
    for (const bin of french) {
      expect(bin.details).toMatch(/Ouvert (de \d+ h à \d+ h|24 heures sur 24)\.$/);
      expect(bin.details).not.toMatch(/\b(Open|Inside|By the|Beside|Next to)\b/);
    }
    for (const bin of english) expect(bin.details).toMatch(/\. Open (\d+:\d+–\d+:\d+|24 hours)\.$/);
    // No description says "Open" twice, in any market.
    for (const country of countryCodes) {
      for (const bin of await listBins(t.db, country, 'en')) expect(bin.details).not.toMatch(/open\s+open|ouvert\s+ouvert/i);
    }
    // Without a language in the address: the browser's, and the answer says it depends on it.
    const byHeader = await t.inject({
      method: 'GET',
      url: '/api/v2/bins?country_code=ca',
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    });
    expect(byHeader.headers.vary).toContain('accept-language');
    expect(binsResponse.parse(byHeader.json()).data).toEqual(french);
    // A language the bin has no text in gives its own.
    expect(await inLanguage('&language=ja')).toEqual(english);
  });

  it('imports the descriptions per language and answers the bin’s own text where a language has none', async () => {
    await saveRetailer(t.db, testActor, { id: 'test-shop', name: 'Test Shop' });
    const csv = [
      'id,country_code,lat,lng,details,details_en,details_fr,retailer_id',
      'test-ca-1,ca,45.5,-73.6,"Test Shop, 12 Rue Saint-Denis. By the door.","Test Shop, 12 Rue Saint-Denis. By the door.","Test Shop, 12, rue Saint-Denis. Près de la porte.",test-shop',
    ].join('\n');
    expect((await importBins(t.db, testActor, parseBinsCsv(csv))).rejected).toEqual([]);
    const find = async (language: 'en' | 'fr' | 'ja') =>
      (await listBins(t.db, 'ca', language)).find((bin) => bin.id === 'test-ca-1')?.details;
    expect(await find('fr')).toBe('Test Shop, 12, rue Saint-Denis. Près de la porte.');
    expect(await find('en')).toBe('Test Shop, 12 Rue Saint-Denis. By the door.');
    expect(await find('ja')).toBe('Test Shop, 12 Rue Saint-Denis. By the door.');

    // The GeoJSON import carries them too; a bin imported again is described by the new file alone.
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [-73.6, 45.5] },
          properties: { id: 'test-ca-1', country_code: 'ca', details: 'Test Shop. Moved to the back.', retailer_id: 'test-shop' },
        },
      ],
    });
    expect((await importBins(t.db, testActor, parseBinsGeoJson(geojson))).updated).toBe(1);
    expect(await find('fr')).toBe('Test Shop. Moved to the back.');
    const withFrench = JSON.parse(geojson) as { features: { properties: Record<string, string> }[] };
    withFrench.features[0]!.properties.details_fr = 'Test Shop. Déplacé au fond.';
    await importBins(t.db, testActor, parseBinsGeoJson(JSON.stringify(withFrench)));
    expect(await find('fr')).toBe('Test Shop. Déplacé au fond.');

    // A description too long in any language is refused with the row, like the bin's own text.
    const long = [
      'id,country_code,lat,lng,details,details_fr,retailer_id',
      `test-ca-2,ca,45.5,-73.6,Short,${'x'.repeat(501)},test-shop`,
    ].join('\n');
    expect((await importBins(t.db, testActor, parseBinsCsv(long))).rejected).toEqual([
      { row: 2, id: 'test-ca-2', reasons: ['longDetails'] },
    ]);
  });

  it('GET /bins refuses a country that is not a market', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/bins?country_code=de' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ country_code: 'invalidValue' });
  });

  it('GET /config gives the map style and its origins, and the CSP lets the app (and its workers) reach each', async () => {
    const response = await t.inject({ method: 'GET', url: '/api/v2/config' });
    const origins = ['https://tiles.example.com', 'https://a.tiles.example.net', 'https://fonts.example.org'];
    expect(response.json()).toEqual({ data: { map_style_url: 'https://tiles.example.com/styles/streets.json', map_origins: origins } });
    expect(response.headers['content-security-policy']).toContain(`connect-src 'self' ${origins.join(' ')}`);
  });

  it('imports a CSV: adds, moves a known bin, and reports every rejected row with its reasons', async () => {
    await saveRetailer(t.db, testActor, { id: 'test-shop', name: 'Test Shop' });
    const csv = [
      'id,country_code,lat,lng,details,retailer_id',
      'test-1,us,40.1,-75.2,"Test Shop, 1 Main St — by the door",test-shop',
      'test-2,us,95,-75.2,Somewhere,test-shop',
      'test-3,de,40,-75,Somewhere,nobody',
      ',us,40,-75,,test-shop',
      'test-1,us,40.2,-75.3,Again,test-shop',
    ].join('\n');
    const first = await importBins(t.db, testActor, parseBinsCsv(csv));
    expect(first.added).toBe(1);
    expect(first.updated).toBe(0);
    expect(first.rejected).toEqual([
      { row: 3, id: 'test-2', reasons: ['badLatitude'] },
      { row: 4, id: 'test-3', reasons: ['badCountry', 'unknownRetailer'] },
      { row: 5, id: undefined, reasons: ['missingId', 'missingDetails'] },
      { row: 6, id: 'test-1', reasons: ['duplicateId'] },
    ]);
    expect(formatImportReport(first, false)).toContain(
      'row 4 (test-3): country_code must be one of us, ca, uk, fr, jp; retailer_id is not a known retailer',
    );

    const moved = await importBins(
      t.db,
      testActor,
      parseBinsGeoJson(
        JSON.stringify({
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              id: 'test-1',
              geometry: { type: 'Point', coordinates: [-75.5, 40.5] },
              properties: { country_code: 'us', details: 'Moved', retailer_id: 'test-shop' },
            },
          ],
        }),
      ),
    );
    expect(moved).toEqual({ added: 0, updated: 1, rejected: [] });
    const bin = (await listBins(t.db, 'us', 'en')).find((candidate) => candidate.id === 'test-1');
    expect(bin).toEqual({ id: 'test-1', lat: 40.5, lng: -75.5, details: 'Moved', retailer: { id: 'test-shop', name: 'Test Shop' } });

    expect(await removeBins(t.db, testActor, ['test-1', 'test-404'])).toEqual({ removed: ['test-1'], unknown: ['test-404'] });
    expect((await listBins(t.db, 'us', 'en')).some((candidate) => candidate.id === 'test-1')).toBe(false);
  });

  it('a dry run writes nothing', async () => {
    await saveRetailer(t.db, testActor, { id: 'test-shop', name: 'Test Shop' });
    const report = await importBins(
      t.db,
      testActor,
      parseBinsCsv('id,country_code,lat,lng,details,retailer_id\ntest-dry,jp,35,139,Here,test-shop\n'),
      { dryRun: true },
    );
    expect(report.added).toBe(1);
    expect((await listBins(t.db, 'jp', 'en')).some((bin) => bin.id === 'test-dry')).toBe(false);
  });
});

describe('bins file parsing', () => {
  it('reads quoted CSV fields with commas, quotes and line breaks, numbering rows by their first line', () => {
    const rows = parseBinsCsv(
      'retailer_id,id,country_code,lat,lng,details\r\nshop,a,us,1,2,"one, ""two""\nthree"\r\nshop,b,us,3,4,plain\r\n',
    );
    expect(rows).toEqual([
      { row: 2, values: { retailer_id: 'shop', id: 'a', country_code: 'us', lat: '1', lng: '2', details: 'one, "two"\nthree' } },
      { row: 4, values: { retailer_id: 'shop', id: 'b', country_code: 'us', lat: '3', lng: '4', details: 'plain' } },
    ]);
  });

  it('refuses a CSV without the needed columns, and GeoJSON that is not a FeatureCollection', () => {
    expect(() => parseBinsCsv('id,lat,lng\n')).toThrow(/country_code, details, retailer_id/);
    expect(() => parseBinsGeoJson('{"type":"Feature"}')).toThrow(/FeatureCollection/);
  });
});
