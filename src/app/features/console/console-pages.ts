import { useParams } from '@tanstack/react-router';

/** Customer care's pages besides the disputes. */
const carePages = ['adjustments', 'approvals', 'claims', 'requests'] as const;

/** The content area's screens (content-area.tsx): page texts, the bins import, the missing texts. */
export const contentPages = ['content', 'content/bins', 'content/missing-texts'] as const;

/** The console's pages: the path after /ops/ (routes/{-$country}/ops/$.tsx). */
export const consolePages = [
  '',
  'sign-in',
  'join',
  'reset-password',
  'check-in',
  'disputes',
  'payouts',
  'operators',
  'audit',
  ...carePages,
  ...contentPages,
] as const;
export type ConsolePage = (typeof consolePages)[number];

export function isConsolePage(value: string): value is ConsolePage {
  return (consolePages as readonly string[]).includes(value);
}

/** Where a console page is, for <Link> and navigate(): in the market of the page on screen. */
export function useConsoleLink() {
  const { country } = useParams({ strict: false });
  return (page: ConsolePage) => ({ to: '/{-$country}/ops/$', params: { country, _splat: page } }) as const;
}
