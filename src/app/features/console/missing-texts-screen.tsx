import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { isContentNamespace } from '#domain/content/namespaces';
import { isSupportedLocale, supportedLocales, type SupportedLocale } from '#domain/markets';
import type { MissingText } from '#domain/schemas/missing-texts';
import { formatLongDate } from '../../lib/format';
import { QueryView } from '../../ui/query-view';
import { useMissingTexts } from './api/missing-texts';
import { ContentArea } from './content-area';
import { localeOfReport, useLocaleName, usePageNames } from './content-names';
import { useConsoleLink } from './console-pages';

/** Texts the app showed from its own bundle because the server lacked them, most reported first. */
export function MissingTextsScreen() {
  const { t } = useLingui();
  const filterId = useId();
  const [locale, setLocale] = useState<SupportedLocale>();
  const missing = useMissingTexts(locale);
  const localeName = useLocaleName();
  return (
    <ContentArea
      current="content/missing-texts"
      title={t`Missing texts`}
      description={t`Texts the app asked the server for and did not get, most reported first.`}
    >
      <div className="field ops-choice">
        <label htmlFor={filterId}>{t`Language`}</label>
        <select
          id={filterId}
          value={locale ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setLocale(isSupportedLocale(value) ? value : undefined);
          }}
        >
          <option value="">{t`Every language`}</option>
          {supportedLocales.map((code) => (
            <option key={code} value={code}>
              {localeName(code)}
            </option>
          ))}
        </select>
      </div>
      <QueryView query={missing} errorText={t`The missing texts could not be loaded. Check your connection and reload the page.`}>
        {(list) =>
          list.length === 0 ? (
            <p>{t`No text is missing.`}</p>
          ) : (
            <ul className="ops-cards">
              {list.map((text) => (
                <li key={`${text.locale}/${text.namespace}/${text.key}`}>
                  <MissingTextCard text={text} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </ContentArea>
  );
}

function MissingTextCard({ text }: { text: MissingText }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const link = useConsoleLink();
  const pageNames = usePageNames();
  const localeName = useLocaleName();
  const namespace = text.namespace;
  const page = isContentNamespace(namespace) ? pageNames[namespace] : t`Interface message`;
  const locale = localeOfReport(text.locale);
  const count = text.count;
  // The date stays on one line (no-break spaces): a day apart from its month reads badly.
  const lastSeen = formatLongDate(text.last_seen_at, i18n.locale).replace(/ /g, '\u00a0');
  return (
    <article className="ops-card ops-text" aria-labelledby={headingId} data-testid="ops-missing-text">
      <h2 id={headingId} className="ops-text__key">
        <code>{text.key}</code>
      </h2>
      <p>
        {page} · {localeName(text.locale)}
      </p>
      <p>{plural(count, { one: `Reported # time, last on ${lastSeen}`, other: `Reported # times, last on ${lastSeen}` })}</p>
      <p className="ops-text__label">{t`Shown instead`}</p>
      <div className="ops-text__live">{text.fallback}</div>
      {isContentNamespace(namespace) && locale ? (
        <p>
          <Link {...link('content')} search={{ locale, page: namespace, key: text.key }}>
            {t`Write this text's draft`}
          </Link>
        </p>
      ) : (
        <p className="field__hint">{t`An interface message: it comes with the app's next release, not from the page texts.`}</p>
      )}
    </article>
  );
}
