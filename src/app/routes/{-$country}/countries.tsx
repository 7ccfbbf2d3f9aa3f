import { createFileRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { localeForMarket } from '#domain/locales';
import type { CountryCode } from '#domain/markets';
import { Page } from '../../ui/page';
import { CountryCombobox } from '../../features/locale/country-combobox';
import { changeLocale, pathForLocale } from '../../features/locale/change-locale';
import { takeReturnPath } from '../../features/locale/countries-redirect';

export const Route = createFileRoute('/{-$country}/countries')({
  component: CountriesPage,
});

function CountriesPage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const router = useRouter();

  async function onSelect(code: CountryCode) {
    // Canada in French for a French browser, in English otherwise.
    const locale = localeForMarket(code, navigator.languages);
    await changeLocale(locale);
    const returnPath = takeReturnPath();
    if (returnPath) {
      const url = new URL(returnPath, location.origin);
      router.history.replace(`${pathForLocale(url.pathname, locale)}${url.search}${url.hash}`);
    } else {
      await navigate({ to: '/{-$country}', params: { country: code } });
    }
  }

  return (
    <Page title={t`Choose your country`} description={t`Choose your country to use Roundtrip in your language.`}>
      <p>{t`Choose your country to see prices, return points and the app in your language.`}</p>
      <CountryCombobox onSelect={(code) => void onSelect(code)} />
    </Page>
  );
}
