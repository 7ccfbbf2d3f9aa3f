import { i18n, type Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';

/**
 * The console's texts are their own catalogue (src/app/locales/<locale>/console.po): the
 * customer's catalogue, in every first load, carries none of them. Lingui merges a loaded
 * catalogue into the locale's messages, so the customer texts the console also shows stay.
 */
const catalogues = import.meta.glob<{ messages: Messages }>('../../locales/*/console.po');
const loaded = new Set<string>();

async function loadConsoleCatalogue(locale: string): Promise<void> {
  const load = catalogues[`../../locales/${locale}/console.po`];
  if (!load) throw new Error(`No console catalogue for ${locale}`);
  const { messages } = await load();
  i18n.load(locale, messages);
  loaded.add(locale);
}

/** True once the console's texts of the current language are there (again after a language change). */
export function useConsoleCatalogue(): boolean {
  const { i18n: active } = useLingui();
  const locale = active.locale;
  const [, setReady] = useState(0);
  useEffect(() => {
    if (loaded.has(locale)) return;
    let cancelled = false;
    void loadConsoleCatalogue(locale).then(
      () => !cancelled && setReady((n) => n + 1),
      (error: unknown) => console.error('The console texts could not be loaded', error),
    );
    return () => {
      cancelled = true;
    };
  }, [locale]);
  return loaded.has(locale);
}
