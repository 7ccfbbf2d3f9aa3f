/**
 * The space the app puts between two texts it sets side by side. Full-width punctuation carries its
 * own space in Japanese: 「コメント：カップ」 and 「銀行口座（未登録）」, never 「コメント： カップ」.
 */
export function spaceBetween(before: string, after: string): string {
  return /[\u3000-\u303F\uFF01-\uFF0F\uFF1A-\uFF20]$/u.test(before) || /^[\u3000-\u303F\uFF01-\uFF0F\uFF1A-\uFF20]/u.test(after) ? '' : ' ';
}

/** A masked number (•••• 4567, FR•• •••• 0189) that never breaks over two lines: broken, its parts read as two numbers. */
export function unbreakable(text: string): string {
  return text.replace(/ /g, '\u00A0');
}
