import { useParams } from '@tanstack/react-router';

/** The console's pages: the path after /ops/ (routes/{-$country}/ops/$.tsx). */
export const consolePages = ['', 'sign-in', 'join', 'check-in', 'disputes', 'payouts', 'operators'] as const;
export type ConsolePage = (typeof consolePages)[number];

export function isConsolePage(value: string): value is ConsolePage {
  return (consolePages as readonly string[]).includes(value);
}

/** Where a console page is, for <Link> and navigate(): in the market of the page on screen. */
export function useConsoleLink() {
  const { country } = useParams({ strict: false });
  return (page: ConsolePage) => ({ to: '/{-$country}/ops/$', params: { country, _splat: page } }) as const;
}
