import { describe, expect, it } from 'vitest';
import { validateBinRow } from './bins-import';

describe('bins import', () => {
  it('accepts a good row and reports every problem of a bad one', () => {
    const known = (id: string) => id === 'shop';
    expect(
      validateBinRow({ id: ' A-1 ', country_code: 'FR', lat: '48.85', lng: 2.35, details: 'Here', retailer_id: 'shop' }, known),
    ).toEqual({
      ok: true,
      bin: { id: 'a-1', countryCode: 'fr', lat: 48.85, lng: 2.35, details: 'Here', texts: {}, retailerId: 'shop' },
    });
    expect(
      validateBinRow(
        {
          id: 'ca-1',
          country_code: 'ca',
          lat: 45.5,
          lng: -73.6,
          details: 'Here',
          details_en: ' Here ',
          details_fr: 'Ici',
          details_ja: '',
          retailer_id: 'shop',
        },
        known,
      ),
    ).toMatchObject({ ok: true, bin: { details: 'Here', texts: { en: 'Here', fr: 'Ici' } } });
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
