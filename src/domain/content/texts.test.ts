import { describe, expect, it } from 'vitest';
import { ContentShapeError, parseNamespaceTexts } from './texts';

describe('parseNamespaceTexts', () => {
  it('keeps a key → text object as it is', () => {
    expect(parseNamespaceTexts({ title: 'FAQ', 'fees.q': 'Are there fees?' })).toEqual({ title: 'FAQ', 'fees.q': 'Are there fees?' });
  });

  it.each([null, 'FAQ', ['FAQ'], { title: 3 }, { title: { nested: 'x' } }])('refuses %j', (value) => {
    expect(() => parseNamespaceTexts(value)).toThrow(ContentShapeError);
  });
});
