import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useId } from 'react';
import { countryCodes, isSupportedLocale, markets } from '#domain/markets';
import { currentLocale, notePickedLocale } from '../../lib/i18n';
import { changeLocale, pathForLocale } from './change-locale';
import { languageEndonyms, marketNames } from './market-names';

interface LanguageSelectorProps {
  /** Go to the home page after a change (on the screens that ask for it). */
  navigateHome?: boolean;
  label?: string;
}

export function LanguageSelector({ navigateHome = false, label }: LanguageSelectorProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const router = useRouter();
  const location = useLocation();
  const locale = currentLocale();

  async function onChange(value: string) {
    if (!isSupportedLocale(value)) return;
    notePickedLocale();
    await changeLocale(value);
    if (navigateHome) {
      await navigate({ to: '/{-$country}', params: { country: undefined } });
      return;
    }
    const path = pathForLocale(location.pathname, value);
    if (path !== location.pathname) {
      router.history.replace(`${path}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`);
    }
  }

  return (
    <div className="field">
      <label htmlFor={id}>{label ?? t`Location and language`}</label>
      <select id={id} value={locale} onChange={(event) => void onChange(event.currentTarget.value)}>
        {/* No flag here: an <option> holds only text, and emoji flags are empty boxes without a colour-emoji font. */}
        {/* One entry per market and language: Canada (English), Canada (Français). */}
        {countryCodes.flatMap((code) =>
          markets[code].locales.map((marketLocale) => (
            <option key={marketLocale} value={marketLocale}>
              {`${i18n._(marketNames[code])} (${languageEndonyms[marketLocale]})`}
            </option>
          )),
        )}
      </select>
    </div>
  );
}
