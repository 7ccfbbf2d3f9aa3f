import './map.css';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { sortByDistance, type Bin, type LatLng } from '#domain/bins';
import { BinDetails } from './bin-details';
import { formatDistance } from './distance';

/** Entries shown at first, and added by each "Show more". */
const pageSize = 20;

/**
 * The same bins as the map, as a list: nearest first once the position is known. For keyboard
 * and screen-reader users and for very small screens; "Show on map" selects the pin.
 */
export function BinList({
  bins,
  position,
  selectedId,
  onShowOnMap,
}: {
  bins: readonly Bin[];
  position: LatLng | undefined;
  selectedId: string | undefined;
  onShowOnMap: (bin: Bin) => void;
}) {
  const { t, i18n } = useLingui();
  const [shown, setShown] = useState(pageSize);
  const entries = useMemo(
    () => (position ? sortByDistance(bins, position) : bins.map((item) => ({ item, metres: undefined }))),
    [bins, position],
  );
  if (bins.length === 0) return <p>{t`No return points here yet.`}</p>;
  return (
    <>
      <p className="bin-list__order" aria-live="polite">
        {position ? t`Nearest first.` : t`Allow your location to see the nearest first.`}
      </p>
      <ul className="bin-list" data-testid="bin-list">
        {entries.slice(0, shown).map(({ item: bin, metres }) => (
          <li
            key={bin.id}
            className={bin.id === selectedId ? 'bin-list__item bin-list__item--selected' : 'bin-list__item'}
            data-bin-id={bin.id}
          >
            <BinDetails bin={bin} headingLevel="h3" distance={metres === undefined ? undefined : formatDistance(metres, i18n.locale)} />
            <button type="button" className="button button--secondary" onClick={() => onShowOnMap(bin)}>
              {t`Show on map`}
            </button>
          </li>
        ))}
      </ul>
      {shown < entries.length ? (
        <button type="button" className="button button--secondary" onClick={() => setShown((count) => count + pageSize)}>
          {t`Show ${Math.min(pageSize, entries.length - shown)} more`}
        </button>
      ) : null}
    </>
  );
}
