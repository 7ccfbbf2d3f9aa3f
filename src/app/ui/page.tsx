import { useEffect, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

function setMeta(name: string, content: string, attribute: 'name' | 'property' = 'name'): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${name}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, name);
    document.head.append(element);
  }
  element.content = content;
}

/** Title and meta tags of the current page, in the current language. */
export function usePageMeta(title: string, description: string): void {
  const { t, i18n } = useLingui();
  const full = t`${title} · Roundtrip`;
  useEffect(() => {
    document.title = full;
    setMeta('description', description);
    setMeta('og:title', full, 'property');
    setMeta('og:description', description, 'property');
    setMeta('og:locale', i18n.locale.replace('-', '_'), 'property');
  }, [full, description, i18n.locale]);
}

interface PageProps {
  title: string;
  /** The meta description; the visible intro is part of the children. */
  description: string;
  /** The visible heading, when it differs from the document title. */
  heading?: string;
  children?: ReactNode;
  className?: string;
}

export function Page({ title, description, heading, children, className }: PageProps) {
  usePageMeta(title, description);
  return (
    <article className={className ? `page ${className}` : 'page'}>
      {/* tabIndex lets the shell move focus here after a navigation, so screen readers start at the new page. */}
      <h1 tabIndex={-1} className="page__title">
        {heading ?? title}
      </h1>
      {children}
    </article>
  );
}
