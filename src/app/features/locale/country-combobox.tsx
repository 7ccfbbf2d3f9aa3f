import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { countryCodes, markets, type CountryCode } from '#domain/markets';
import { currentLocale } from '../../lib/i18n';
import { useCountries } from './api/countries';
import { Flag } from './flags';
import { countryMatches, marketNames } from './market-names';

interface CountryOption {
  code: CountryCode;
  name: string;
}

/** The markets the server knows, named in the current language; the app's own names while offline. */
function useCountryOptions(): CountryOption[] {
  const { i18n } = useLingui();
  const countries = useCountries(currentLocale());
  return useMemo(() => {
    const fromServer = new Map((countries.data ?? []).map((country) => [country.iso.toUpperCase(), country.name]));
    return countryCodes
      .map((code) => {
        const market = markets[code];
        const serverName = fromServer.get(market.iso);
        if (countries.data && !serverName) return undefined;
        return { code, name: serverName ?? i18n._(marketNames[code]) };
      })
      .filter((option): option is CountryOption => option !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name, i18n.locale));
  }, [countries.data, i18n]);
}

/**
 * A searchable list (ARIA combobox with a listbox popup). The search ignores case, accents and
 * width, and finds a country by its name in any of our languages or by its code (market-names.ts).
 */
export function CountryCombobox({ onSelect }: { onSelect: (code: CountryCode) => void }) {
  const { t } = useLingui();
  const id = useId();
  const listId = `${id}-list`;
  const options = useCountryOptions();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);

  const filtered = options.filter((option) => countryMatches(query, option.code, option.name));
  const activeOption = open ? filtered[Math.min(active, filtered.length - 1)] : undefined;
  // A tap into the prerendered box before the app ran focused it with no one to open the list: it
  // opens once the app has taken the page over, as the tap asked.
  useEffect(() => {
    if (document.activeElement === inputRef.current) setOpen(true);
  }, []);

  function choose(option: CountryOption) {
    setQuery(option.name);
    setOpen(false);
    onSelect(option.code);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((index) => Math.min(index + 1, filtered.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          choose(activeOption);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else {
          setQuery('');
        }
        break;
    }
  }

  return (
    <div className="combobox">
      <label htmlFor={id}>{t`Country`}</label>
      <div className="combobox__control">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${activeOption.code}` : undefined}
          placeholder={t`Search for your country`}
          value={query}
          onChange={(event) => {
            setQuery(event.currentTarget.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul id={listId} role="listbox" aria-label={t`Countries`} className="combobox__list" hidden={!open}>
        {filtered.map((option) => (
          <li
            key={option.code}
            id={`${listId}-${option.code}`}
            role="option"
            aria-selected={option === activeOption}
            className="combobox__option"
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            <Flag code={option.code} /> {option.name}
          </li>
        ))}
      </ul>
      {open && filtered.length === 0 ? (
        <p className="combobox__empty" role="status">
          {t`No country matches “${query}”.`}
        </p>
      ) : null}
    </div>
  );
}
