import type { Language } from '#domain/locales';
import { markets } from '#domain/markets';
import type { Country } from '#domain/schemas/account';

const cache = new Map<Language, Country[]>();

/** The five markets, named in the reader's language and sorted as that language sorts. */
export function listCountries(language: Language): Country[] {
  let list = cache.get(language);
  if (!list) {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    const collator = new Intl.Collator(language);
    list = Object.values(markets)
      .map((market) => ({ iso: market.iso, name: names.of(market.iso) ?? market.iso }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(language, list);
  }
  return list;
}
