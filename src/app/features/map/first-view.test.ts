import { describe, expect, it } from 'vitest';
import type { Bin } from '#domain/bins';
import { frameAround } from './first-view';

const bin = (id: string, lat: number, lng: number): Bin => ({ id, lat, lng, details: id, retailer: { id: 'shop', name: 'Shop' } });
const contains = (frame: ReturnType<typeof frameAround>, point: { lat: number; lng: number }) =>
  frame !== undefined && point.lng >= frame[0][0] && point.lng <= frame[1][0] && point.lat >= frame[0][1] && point.lat <= frame[1][1];

describe('frameAround', () => {
  const here = { lat: 45.5, lng: -122.7 };

  it('holds the person and the nearest bin, however far it is', () => {
    const far = bin('far', 45.6, -122.5);
    const frame = frameAround(here, [bin('farther', 46.5, -121), far]);
    expect(contains(frame, here)).toBe(true);
    expect(contains(frame, far)).toBe(true);
    expect(contains(frame, { lat: 46.5, lng: -121 })).toBe(false);
  });

  it('adds the next nearest bins when they are not much farther, not one across the region', () => {
    const near = bin('near', 45.505, -122.7);
    const next = bin('next', 45.5, -122.708);
    const across = bin('across', 45.9, -122.7);
    const frame = frameAround(here, [across, next, near]);
    expect(contains(frame, near) && contains(frame, next)).toBe(true);
    expect(contains(frame, across)).toBe(false);
  });

  it('has nothing to frame without bins', () => {
    expect(frameAround(here, [])).toBeUndefined();
  });
});
