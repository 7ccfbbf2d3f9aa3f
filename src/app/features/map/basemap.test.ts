import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { basemapStyle, layeredStyle, unwrapRing } from './basemap';

describe('unwrapRing', () => {
  it('continues a ring past the antimeridian instead of jumping across the world', () => {
    const fiji = [
      [178, -17],
      [180, -16],
      [-179.5, -16.5],
      [-179.8, -17.5],
      [179, -18],
      [178, -17],
    ];
    expect(unwrapRing(fiji)).toEqual([
      [178, -17],
      [180, -16],
      [180.5, -16.5],
      [180.2, -17.5],
      [179, -18],
      [178, -17],
    ]);
  });

  it('leaves an ordinary ring as it is', () => {
    const ring = [
      [2, 48],
      [3, 48],
      [3, 49],
      [2, 48],
    ];
    expect(unwrapRing(ring)).toEqual(ring);
  });
});

describe('layeredStyle', () => {
  it('draws the online style over the basemap, without its background, under prefixed names', () => {
    const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
    const base = basemapStyle({ land: empty, borders: empty });
    const style = layeredStyle(base, {
      version: 8,
      glyphs: 'https://tiles.example.com/fonts/{fontstack}/{range}.pbf',
      sources: { basemap: { type: 'vector', tiles: ['https://tiles.example.com/{z}/{x}/{y}.pbf'] } },
      layers: [
        { id: 'background', type: 'background', paint: { 'background-color': '#fff' } },
        { id: 'road', type: 'line', source: 'basemap', 'source-layer': 'roads' },
      ],
    });
    expect(style.glyphs).toBe('https://tiles.example.com/fonts/{fontstack}/{range}.pbf');
    expect(Object.keys(style.sources)).toEqual(['basemap-land', 'basemap-borders', 'streets:basemap']);
    expect(style.layers.map((layer) => layer.id)).toEqual(['basemap-water', 'basemap-land', 'basemap-borders', 'streets:road']);
    expect(style.layers.at(-1)).toMatchObject({ source: 'streets:basemap', 'source-layer': 'roads' });
  });
});
