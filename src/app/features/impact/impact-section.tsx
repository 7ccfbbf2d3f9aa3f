import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Impact } from '#domain/schemas/impact';
import { demoFactorSource } from '#domain/impact';
import { useImpact } from './api/impact';
import { balanceColour, returnsColour } from './chart-colours';
import { formatMoney } from '#domain/money';
import { formatMonth, formatWeight } from './format';
import './impact.css';
import { useBelowFirstScreenShown } from '../../lib/first-screen';

// uPlot (about 20 KB compressed) is not on the account page's first load: it comes when the section comes into view.
const ImpactChart = lazy(() => import('./impact-chart'));

/** True once the element has come near the viewport (then stays true). */
function useNearViewport<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (!('IntersectionObserver' in window)) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

export function PackagingFigure({ impact }: { impact: Impact }) {
  const { t, i18n } = useLingui();
  const packaging = impact.packaging;
  if (!packaging) return null;
  const weight = formatWeight(packaging.avoided_grams, i18n.locale);
  const counted = packaging.counted_items;
  const returned = impact.returned_items;
  // Operators write their sources as they are; the demo's own is one of the app's texts.
  const sources = packaging.sources.map((source) => (source === demoFactorSource ? t`Demo figure, not a measurement` : source)).join(' · ');
  return (
    <div className="impact__packaging" data-testid="impact-packaging">
      <p className="impact__packaging-figure">{t`About ${weight} of single-use packaging avoided.`}</p>
      <p className="impact__note">
        {counted < returned ? t`Counted for ${counted} of your ${returned} returned containers (products with a known figure).` : null}{' '}
        <span data-testid="impact-source">{t`Source: ${sources}`}</span>
      </p>
    </div>
  );
}

/**
 * What the customer’s returns add up to: containers returned, deposits earned, money paid out,
 * the packaging avoided where operators gave a factor (with its source), and per month the returns
 * and the balance, as a chart (hidden from assistive technology) above a table of the same figures.
 * The table holds exactly what the chart draws, so it fits a phone's width even with a
 * seven-figure balance.
 */
export function ImpactSection() {
  const { t, i18n } = useLingui();
  const impact = useImpact();
  const [sectionRef, near] = useNearViewport<HTMLElement>();
  const drawn = useBelowFirstScreenShown();
  const data = drawn ? impact.data : undefined;
  const months = data?.months ?? [];
  const first = months[0];
  const last = months[months.length - 1];
  const period = first && last ? `${formatMonth(first.month, i18n.locale, 'long')} – ${formatMonth(last.month, i18n.locale, 'long')}` : '';

  return (
    <section ref={sectionRef} className="impact" aria-labelledby="impact-heading" data-testid="impact">
      <h2 id="impact-heading">{t`What your returns add up to`}</h2>
      {data ? (
        <>
          <dl className="impact__figures">
            <div>
              <dt>{t`Containers returned`}</dt>
              <dd data-testid="impact-returned">{new Intl.NumberFormat(i18n.locale).format(data.returned_items)}</dd>
            </div>
            <div>
              <dt>{t`Deposits earned`}</dt>
              <dd data-testid="impact-earned">{formatMoney(data.deposits_earned, i18n.locale)}</dd>
            </div>
            <div>
              <dt>{t`Money paid out`}</dt>
              <dd data-testid="impact-withdrawn">{formatMoney(data.withdrawn, i18n.locale)}</dd>
            </div>
          </dl>
          <PackagingFigure impact={data} />
          <figure className="impact-chart" aria-labelledby="impact-chart-title">
            <figcaption id="impact-chart-title" className="impact-chart__title">
              {t`Returns per month and balance at the end of each month`}
              <span className="visually-hidden"> {t`(${period}; the figures are in the table below)`}</span>
            </figcaption>
            <div className="impact-chart__legend" aria-hidden="true">
              <span>
                <span className="impact-chart__swatch" style={{ background: returnsColour }} /> {t`Containers returned`}
              </span>
              <span>
                <span className="impact-chart__swatch impact-chart__swatch--line" style={{ background: balanceColour }} /> {t`Balance`}
              </span>
            </div>
            <div className="impact-chart__area" aria-hidden="true" data-testid="impact-chart">
              {near ? (
                <Suspense fallback={null}>
                  <ImpactChart months={months} locale={i18n.locale} />
                </Suspense>
              ) : null}
            </div>
          </figure>
          <div className="impact-table" role="region" aria-labelledby="impact-table-caption" tabIndex={0}>
            <table data-testid="impact-table">
              <caption id="impact-table-caption">{t`Your returns and balance by month`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Month`}</th>
                  <th scope="col">{t`Containers returned`}</th>
                  <th scope="col">{t`Balance at month end`}</th>
                </tr>
              </thead>
              <tbody>
                {months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row">{formatMonth(month.month, i18n.locale, 'long')}</th>
                    <td>{month.returned_items}</td>
                    <td>{formatMoney(month.balance, i18n.locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : drawn && impact.isError ? (
        <p role="alert">{t`These figures could not be loaded. Check your connection and try again.`}</p>
      ) : (
        <p>{t`Loading…`}</p>
      )}
    </section>
  );
}
