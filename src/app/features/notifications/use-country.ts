import { useParams } from '@tanstack/react-router';
import { isCountryCode, type CountryCode } from '#domain/markets';

/** The market prefix of the current address, kept on the links this feature makes. */
export function useCountryPrefix(): CountryCode | undefined {
  const params = useParams({ strict: false });
  return isCountryCode(params.country) ? params.country : undefined;
}
