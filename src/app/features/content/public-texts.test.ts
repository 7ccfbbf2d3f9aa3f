import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSource } from '#domain/content/source';
import { paymentMethodsByMarket } from '#domain/payment-methods';

/**
 * The public pages (how it works, FAQ, privacy) speak of the app: the words they quote are the
 * app's own labels, and what they say of its rules is what the app does.
 */

const languages = { en: 'en-US', fr: 'fr-FR', ja: 'ja-JP' } as const;
type Language = keyof typeof languages;

/** Every text the customer app shows in a locale (msgstr, or msgid for the source catalogue). */
function appTexts(locale: string): Set<string> {
  const text = readFileSync(path.join(import.meta.dirname, '../../locales', locale, 'messages.po'), 'utf8');
  const texts = new Set<string>();
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"/gm)) {
    texts.add(match[2] || match[1]!);
  }
  return texts;
}

function appText(locale: string, msgid: string): string {
  const text = readFileSync(path.join(import.meta.dirname, '../../locales', locale, 'messages.po'), 'utf8');
  const match = new RegExp(`^msgid "${msgid}"\\nmsgstr "((?:[^"\\\\]|\\\\.)*)"`, 'm').exec(text);
  return match?.[1] || msgid;
}

const textsOf = (language: Language) =>
  Object.entries(contentSource[language]).flatMap(([namespace, texts]) =>
    Object.entries(texts as Record<string, string>).map(([key, text]) => ({ where: `${language} ${namespace} ${key}`, text })),
  );

const quoted = (text: string) => [...text.matchAll(/[「“«]\u202f?([^」”»]+?)\u202f?[」”»]/g)].map((match) => match[1]!);

describe('public texts and the app', () => {
  it.each(Object.entries(languages))('%s: every word they quote is a label the app shows', (language, locale) => {
    const labels = appTexts(locale);
    const unknown = textsOf(language as Language).flatMap(({ where, text }) =>
      quoted(text)
        .filter((phrase) => !labels.has(phrase))
        .map((phrase) => `${where}: ${phrase}`),
    );
    expect(unknown).toEqual([]);
  });

  it.each(Object.entries(languages))('%s: a wrong rejection is disputed in the app, by its own button', (language, locale) => {
    const faq = contentSource[language as Language].faq as Record<string, string>;
    const button = appText(locale, 'Dispute this return');
    expect(quoted(faq['rejected.a']!)).toContain(button);
    expect(quoted(faq['pending_long.a']!)).toContain(button);
  });

  it.each(Object.keys(languages))('%s: deletion gives up a balance below the minimum, as the form allows', (language) => {
    const answer = (contentSource[language as Language].faq as Record<string, string>)['delete.a']!;
    expect(answer).toContain('{minimum}');
    expect(answer).not.toMatch(/zero|nul\b|ゼロ/i);
  });

  it.each(Object.keys(languages))('%s: the Japanese fee is a withdrawal fee, since Japan pays to PayPal too', (language) => {
    expect(paymentMethodsByMarket.jp).toContain('PAYPAL');
    const bankOnly = textsOf(language as Language).filter(({ text }) => /transfer fee|frais de virement|振込手数料/i.test(text));
    expect(bankOnly.map(({ where }) => where)).toEqual([]);
  });
});
