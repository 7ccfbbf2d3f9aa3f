import { useLingui } from '@lingui/react/macro';
import { directionsUrl, type Bin } from '#domain/bins';

/** What a bin's info window and its list entry show: retailer, details, a link to directions. */
export function BinDetails({ bin, headingLevel, distance }: { bin: Bin; headingLevel: 'h3' | 'h2'; distance?: string }) {
  const { t } = useLingui();
  const Heading = headingLevel;
  return (
    <div className="bin-details">
      <Heading className="bin-details__retailer">{bin.retailer.name}</Heading>
      <p className="bin-details__text">{bin.details}</p>
      {distance ? <p className="bin-details__distance">{t`${distance} away`}</p> : null}
      <a
        className="bin-details__directions"
        href={directionsUrl(bin)}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="directions-link"
      >
        {t`Start navigation`}
        <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
      </a>
    </div>
  );
}
