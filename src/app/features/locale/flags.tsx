import type { ReactNode } from 'react';
import type { CountryCode } from '#domain/markets';

/**
 * The flags of our five markets as small SVGs shipped in the app. Emoji flags draw as empty boxes
 * where no colour-emoji font is installed (many Windows and Linux machines), and these need no
 * download, so they show offline too. Simplified on purpose: they are drawn about 20 px wide.
 */
const drawings: Record<CountryCode, ReactNode> = {
  fr: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="10" height="20" fill="#002654" />
      <rect x="20" width="10" height="20" fill="#ce1126" />
    </>
  ),
  jp: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#bc002d" />
    </>
  ),
  ca: (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="7.5" height="20" fill="#d52b1e" />
      <rect x="22.5" width="7.5" height="20" fill="#d52b1e" />
      <path
        d="M15 3.5l1.2 2.3 1.4-.6-.5 3.4 1.9-2 .5 1.1 2-.4-.7 2.2 1 .5-3.4 2.7.4 1.1-3.1-.5.1 3.2h-.6l.1-3.2-3.1.5.4-1.1-3.4-2.7 1-.5-.7-2.2 2 .4.5-1.1 1.9 2-.5-3.4 1.4.6z"
        fill="#d52b1e"
      />
    </>
  ),
  uk: (
    <>
      <rect width="30" height="20" fill="#012169" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#fff" strokeWidth="4" />
      <path d="M0 0l30 20M30 0L0 20" stroke="#c8102e" strokeWidth="1.5" />
      <path d="M15 0v20M0 10h30" stroke="#fff" strokeWidth="6" />
      <path d="M15 0v20M0 10h30" stroke="#c8102e" strokeWidth="3.5" />
    </>
  ),
  us: (
    <>
      <rect width="30" height="20" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((stripe) => (
        <rect key={stripe} y={(stripe * 20) / 13} width="30" height={20 / 13} fill="#b22234" />
      ))}
      <rect width="12" height={(7 * 20) / 13} fill="#3c3b6e" />
      {[2, 6, 10].flatMap((x) => [2.5, 6.5].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="0.8" fill="#fff" />))}
    </>
  ),
};

/** A market's flag, decorative: the country's name is always written next to it. */
export function Flag({ code }: { code: CountryCode }) {
  return (
    <svg className="flag" viewBox="0 0 30 20" width="21" height="14" aria-hidden="true" focusable="false">
      {drawings[code]}
    </svg>
  );
}
