import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { CountryCode, SupportedLocale } from '#domain/markets';

export const marketNames: Record<CountryCode, MessageDescriptor> = {
  us: msg`United States`,
  ca: msg`Canada`,
  uk: msg`United Kingdom`,
  fr: msg`France`,
  jp: msg`Japan`,
};

/** Each language named in itself, so a visitor finds theirs whatever the current one is. */
export const languageEndonyms: Record<SupportedLocale, string> = {
  'en-US': 'English',
  'en-GB': 'English',
  'en-CA': 'English',
  'fr-FR': 'Français',
  'ja-JP': '日本語',
};
