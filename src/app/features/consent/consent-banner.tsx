import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { closeConsentBanner, readConsent, saveConsent, useConsentBannerOpen } from './consent-store';

/**
 * The cookie banner: strictly necessary storage is always on, analytics only with consent. The
 * data-consent-* attributes let shell/before-app.js keep a choice made on a prerendered
 * page before this component has hydrated.
 */
export default function ConsentBanner() {
  const { t } = useLingui();
  const open = useConsentBannerOpen();
  const headingId = useId();
  const analyticsId = useId();
  const [analytics, setAnalytics] = useState(() => readConsent()?.analytics ?? false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const decided = readConsent() !== undefined;

  useEffect(() => {
    if (!open) return;
    setAnalytics(readConsent()?.analytics ?? false);
    // Reopened from the footer: take the keyboard to the banner.
    if (readConsent() !== undefined) headingRef.current?.focus();
  }, [open]);

  // The page makes room for the banner, so nothing a keyboard user focuses ends up hidden under it.
  useLayoutEffect(() => {
    const section = sectionRef.current;
    if (!open || !section) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--consent-height', `${section.offsetHeight}px`));
    observer.observe(section);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--consent-height');
    };
  }, [open]);

  if (!open) return null;

  return (
    <section ref={sectionRef} className="consent" aria-labelledby={headingId} data-testid="consent-banner" data-consent-banner="">
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t`Cookie settings`}
      </h2>
      <p>
        <Trans>
          We use the storage we need to keep you logged in and remember your language. With your consent, we also count the pages you visit,
          on this device only, to improve the app.
        </Trans>
      </p>
      <div className="consent__actions">
        <button type="button" className="button" data-consent-choice="all" onClick={() => saveConsent(true)}>
          {t`Accept all`}
        </button>
        <button type="button" className="button button--secondary" data-consent-choice="none" onClick={() => saveConsent(false)}>
          {t`Reject all`}
        </button>
      </div>
      {/* The categories fold away on a first visit so the banner leaves the page readable on a phone. */}
      <details className="consent__details" open={decided}>
        <summary>{t`Choose by category`}</summary>
        <fieldset className="consent__categories">
          <legend>{t`Cookie categories`}</legend>
          <div className="checkbox">
            <input type="checkbox" id={`${analyticsId}-necessary`} checked disabled aria-describedby={`${analyticsId}-necessary-text`} />
            <label htmlFor={`${analyticsId}-necessary`}>{t`Strictly necessary`}</label>
            <p id={`${analyticsId}-necessary-text`} className="field__hint">
              {t`Login and language choice. Always on.`}
            </p>
          </div>
          <div className="checkbox">
            <input
              type="checkbox"
              id={analyticsId}
              data-consent-analytics=""
              checked={analytics}
              onChange={(event) => setAnalytics(event.currentTarget.checked)}
              aria-describedby={`${analyticsId}-text`}
            />
            <label htmlFor={analyticsId}>{t`Analytics`}</label>
            <p id={`${analyticsId}-text`} className="field__hint">
              {t`Counts the pages you view, stored on this device only.`}
            </p>
          </div>
        </fieldset>
        <div className="consent__actions">
          <button type="button" className="button button--secondary" data-consent-choice="chosen" onClick={() => saveConsent(analytics)}>
            {t`Save my choices`}
          </button>
          {decided ? (
            <button type="button" className="button button--link" onClick={closeConsentBanner}>
              {t`Close`}
            </button>
          ) : null}
        </div>
      </details>
    </section>
  );
}
