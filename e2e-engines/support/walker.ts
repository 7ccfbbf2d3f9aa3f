import type { APIRequestContext } from '@playwright/test';
import type { EnginePage } from './engines';
import type { NetworkSwitch } from './network-switch';
import type { Market } from './records';

export type WalkLocale = 'en-US' | 'fr-FR' | 'ja-JP';

/** Everything a journey needs: the engine's tab, its network, the server's API and who walks. */
export interface Walker {
  page: EnginePage;
  network: NetworkSwitch;
  api: APIRequestContext;
  locale: WalkLocale;
  market: Market;
  email: string;
  /**
   * Keeps a picture of the screen as the step left it, scrolled to `showing` when given (the WebKit
   * walks keep them under bench/results).
   */
  keepScreen(name: string, showing?: string): Promise<void>;
}
