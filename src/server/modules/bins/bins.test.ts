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
      const bins = await listBins(t.db, country);
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
    const bin = (await listBins(t.db, 'us')).find((candidate) => candidate.id === 'test-1');
    expect(bin).toEqual({ id: 'test-1', lat: 40.5, lng: -75.5, details: 'Moved', retailer: { id: 'test-shop', name: 'Test Shop' } });

    expect(await removeBins(t.db, testActor, ['test-1', 'test-404'])).toEqual({ removed: ['test-1'], unknown: ['test-404'] });
    expect((await listBins(t.db, 'us')).some((candidate) => candidate.id === 'test-1')).toBe(false);
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
    expect((await listBins(t.db, 'jp')).some((bin) => bin.id === 'test-dry')).toBe(false);
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
