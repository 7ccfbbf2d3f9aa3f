import { describe, expect, it } from 'vitest';
import { unwrapRing } from './basemap';

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
