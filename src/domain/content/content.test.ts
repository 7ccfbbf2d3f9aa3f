import { describe, expect, it } from 'vitest';
import { contentNamespaces, contentPlaceholders } from './namespaces';
import { contentSource } from './source';

const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('bundled page content', () => {
  it('gives every language every key of the English source, none empty', () => {
    for (const namespace of contentNamespaces) {
      const keys = Object.keys(contentSource.en[namespace]).sort();
      for (const language of ['fr', 'ja'] as const) {
        expect(Object.keys(contentSource[language][namespace]).sort(), `${language} ${namespace}`).toEqual(keys);
        for (const [key, text] of Object.entries(contentSource[language][namespace]))
          expect(text.trim(), `${language} ${namespace} ${key}`).not.toBe('');
      }
    }
  });

  it('uses the same known placeholders in each translation as in English, so market figures show in every language', () => {
    for (const namespace of contentNamespaces) {
      for (const [key, english] of Object.entries(contentSource.en[namespace])) {
        const expected = placeholdersOf(english);
        for (const name of expected) expect(contentPlaceholders).toContain(name);
        for (const language of ['fr', 'ja'] as const) {
          const translated = (contentSource[language][namespace] as Record<string, string>)[key] ?? '';
          expect(placeholdersOf(translated), `${language} ${namespace} ${key}`).toEqual(expected);
        }
      }
    }
  });

  it('is translated: French and Japanese texts differ from the English ones', () => {
    for (const namespace of contentNamespaces) {
      for (const [key, english] of Object.entries(contentSource.en[namespace])) {
        if (english === 'Contact') continue; // The same word in French.
        for (const language of ['fr', 'ja'] as const) {
          expect((contentSource[language][namespace] as Record<string, string>)[key], `${language} ${namespace} ${key}`).not.toBe(english);
        }
      }
    }
  });
});
