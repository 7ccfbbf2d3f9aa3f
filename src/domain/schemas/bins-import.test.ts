import { describe, expect, it } from 'vitest';
import { validateBinRow } from './bins-import';

describe('bins import', () => {
  it('accepts a good row and reports every problem of a bad one', () => {
    const known = (id: string) => id === 'shop';
    expect(
      validateBinRow({ id: ' A-1 ', country_code: 'FR', lat: '48.85', lng: 2.35, details: 'Here', retailer_id: 'shop' }, known),
    ).toEqual({
      ok: true,
      bin: { id: 'a-1', countryCode: 'fr', lat: 48.85, lng: 2.35, details: 'Here', retailerId: 'shop' },
    });
    expect(validateBinRow({ id: 'b 2', country_code: 'de', lat: '91', lng: 'east', details: '', retailer_id: 'nobody' }, known)).toEqual({
      ok: false,
      reasons: ['badId', 'badCountry', 'badLatitude', 'badLongitude', 'missingDetails', 'unknownRetailer'],
    });
    expect(validateBinRow({ id: 'c', country_code: 'us', lat: -90, lng: 180, details: 'x'.repeat(501) }, known)).toEqual({
      ok: false,
      reasons: ['longDetails', 'missingRetailer'],
    });
  });
});
