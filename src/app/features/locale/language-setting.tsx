import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { markets, isSupportedLocale, type SupportedLocale } from '#domain/markets';
import type { User } from '#domain/schemas/user';
import { currentLocale } from '../../lib/i18n';
import { useUpdateAccountLocale } from './api/update-account-locale';
import { changeLocale } from './change-locale';
import { languageEndonyms } from './market-names';

/**
 * On the profile page of a market offered in more than one language (Canada): the language of the
 * app, of every mail and of every notice. Kept on the account, so the mails follow the choice.
 */
export function LanguageSetting({ user }: { user: User }) {
  const { t } = useLingui();
  const headingId = useId();
  const selectId = useId();
  const update = useUpdateAccountLocale();
  const [saved, setSaved] = useState(false);
  const offered = markets[user.country_code].locales;
  if (offered.length < 2) return null;
  // The app's language when it is one of the market's, else the account's.
  const shown: SupportedLocale = offered.includes(currentLocale()) ? currentLocale() : user.locale;

  function onChange(value: string) {
    if (!isSupportedLocale(value)) return;
    setSaved(false);
    update.mutate(value, {
      onSuccess: (user) => void changeLocale(user.locale).then(() => setSaved(true)),
    });
  }

  return (
    <section className="profile-section" aria-labelledby={headingId} data-testid="language-setting">
      <h2 id={headingId}>{t`Language`}</h2>
      <div className="field">
        <label htmlFor={selectId}>{t`Language of the app and of our emails`}</label>
        <select id={selectId} value={shown} disabled={update.isPending} onChange={(event) => onChange(event.currentTarget.value)}>
          {offered.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {languageEndonyms[locale]}
            </option>
          ))}
        </select>
      </div>
      <p role="status">{saved ? t`Language saved.` : ''}</p>
      {update.isError ? (
        <p className="notice notice--error" role="alert">
          {update.error.message || t`Something went wrong`}
        </p>
      ) : null}
    </section>
  );
}
