import { useCountryParam } from '../../lib/use-country';
import { currentCountryCode } from '../../lib/i18n';
import type { CountryCode } from '#domain/markets';

/** The market whose catalogue is shown: the address's prefix, else the interface language's region. */
export function useCatalogueCountry(): CountryCode {
  return useCountryParam() ?? currentCountryCode();
}
