import { describe, expect, it } from 'vitest';
import { spaceBetween, unbreakable } from './spacing';

describe('spaceBetween', () => {
  it('puts no space next to Japanese full-width punctuation', () => {
    expect(`コメント：${spaceBetween('コメント：', 'カップ')}カップ`).toBe('コメント：カップ');
    expect(`銀行口座${spaceBetween('銀行口座', '（未登録）')}（未登録）`).toBe('銀行口座（未登録）');
  });

  it('keeps the space in English and French', () => {
    expect(spaceBetween('Comment:', 'A cup')).toBe(' ');
    expect(spaceBetween('Commentaire\u202f:', 'Une tasse')).toBe(' ');
    expect(spaceBetween('Bank account', '(not added yet)')).toBe(' ');
  });
});

describe('unbreakable', () => {
  it('keeps a masked number on one line', () => {
    expect(unbreakable('•••• 4567')).toBe('••••\u00A04567');
  });
});
