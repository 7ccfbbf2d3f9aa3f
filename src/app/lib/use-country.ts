import { useParams } from '@tanstack/react-router';
import { isCountryCode, type CountryCode } from '#domain/markets';

/** The country prefix of the current address, kept on every link so a visitor stays in their market. */
export function useCountryParam(): CountryCode | undefined {
  const params = useParams({ strict: false });
  return isCountryCode(params.country) ? params.country : undefined;
}
