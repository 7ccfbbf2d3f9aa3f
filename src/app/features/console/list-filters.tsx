import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';

export type ListTab = 'open' | 'resolved';

/**
 * What waits and what was decided, as two toggle buttons: the resolved tab is the history a
 * decided card goes to. Buttons (aria-pressed), not links: the page stays the same, its list changes.
 */
export function ListTabs({ tab, onChange, label }: { tab: ListTab; onChange: (tab: ListTab) => void; label: string }) {
  const { t } = useLingui();
  const tabs: { value: ListTab; name: string }[] = [
    // Tabs of lists (disputes, claims), apart from a single item's status: French says them in the plural.
    { value: 'open', name: t({ message: 'Open', context: 'list tab' }) },
    { value: 'resolved', name: t({ message: 'Resolved', context: 'list tab' }) },
  ];
  return (
    <div role="group" aria-label={label} className="ops-toggle">
      {tabs.map(({ value, name }) => (
        <button
          key={value}
          type="button"
          className="button button--small button--secondary"
          aria-pressed={tab === value}
          onClick={() => onChange(value)}
          data-testid={`ops-tab-${value}`}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

/**
 * A search the server runs (the list is paged: what is not loaded cannot be searched on the
 * phone). Sent with the button or Enter, not at each key, so a half-typed email costs no call.
 */
export function ListSearch({
  hint,
  onSearch,
  children,
}: {
  hint: string;
  onSearch: (text: string) => void;
  /** More fields of the search (a reason), each its own labelled control. */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      className="ops-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t`Search`}</label>
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
        <input
          id={id}
          type="search"
          maxLength={200}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      {children}
      <button type="submit" className="button button--secondary">
        {t`Search`}
      </button>
    </form>
  );
}
