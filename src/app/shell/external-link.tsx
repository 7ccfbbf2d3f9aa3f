import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A link that opens in a new tab, says so to screen readers, and gives the page no handle on ours. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
    </a>
  );
}
