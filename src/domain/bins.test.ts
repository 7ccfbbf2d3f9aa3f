import { describe, expect, it } from 'vitest';
import { directionsUrl, distanceMetres, sortByDistance } from './bins';

describe('bins', () => {
  it('measures great-circle distances', () => {
    // Paris (Notre-Dame) to Lyon (Bellecour): about 392 km.
    expect(distanceMetres({ lat: 48.853, lng: 2.3499 }, { lat: 45.7578, lng: 4.832 }) / 1000).toBeCloseTo(392, -1);
    expect(distanceMetres({ lat: 10, lng: 20 }, { lat: 10, lng: 20 })).toBe(0);
    // Across the antimeridian the short way round.
    expect(distanceMetres({ lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 }) / 1000).toBeCloseTo(111, -1);
  });

  it('sorts nearest first', () => {
    const here = { lat: 51.5, lng: -0.12 };
    const sorted = sortByDistance(
      [
        { id: 'far', lat: 55.95, lng: -3.19 },
        { id: 'near', lat: 51.51, lng: -0.13 },
      ],
      here,
    );
    expect(sorted.map((entry) => entry.item.id)).toEqual(['near', 'far']);
  });

  it('links directions by latitude and longitude', () => {
    expect(directionsUrl({ lat: 35.6812, lng: 139.7671 })).toBe('https://www.google.com/maps/dir/?api=1&destination=35.6812,139.7671');
  });
});
