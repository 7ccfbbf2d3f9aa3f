import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import type { WalkLocale } from '../support/walker';
import { openWebKitPage } from '../support/engines';
import { NetworkSwitch } from '../support/network-switch';
import { serverApi, walkingCustomer, type Market } from '../support/records';
import { serverPort, stopProcess, walkPorts, type WalkSlot } from '../support/server';
import { defineWalk, screenDir, screenKeeper } from '../support/walk';
import { startWebKitWebDriver } from '../support/webdriver';
import { journeySteps } from './steps';

/**
 * WebKit, the engine of every iPhone browser: WebKitGTK's MiniBrowser with an iPhone user agent,
 * walking every journey in one language and keeping its 390 px screens. One WebKitWebDriver and
 * one network relay per walk, so that the languages walk at the same time.
 */
export async function walkInWebKit(slot: WalkSlot, locale: WalkLocale, market: Market): Promise<void> {
  const display = process.env.DISPLAY;
  if (!display) throw new Error('WebKit needs a display: run the suite with npm run test:engines (it starts Xvfb)');
  // This run's screens replace the last run's: a journey that no longer takes a picture leaves none behind.
  const prefix = `webkit-${locale}-`;
  if (existsSync(screenDir)) for (const file of readdirSync(screenDir)) if (file.startsWith(prefix)) rmSync(path.join(screenDir, file));
  const ports = walkPorts(slot);
  const workDir = mkdtempSync(path.join(tmpdir(), 'roundtrip-webkit-'));
  const driver = await startWebKitWebDriver({ port: ports.driver, display, workDir });
  const network = new NetworkSwitch(ports.relay, serverPort);
  await network.restore();
  after(async () => {
    await network.cut();
    await stopProcess(driver.process);
    rmSync(workDir, { recursive: true, force: true });
  });

  defineWalk(
    `WebKit ${locale}`,
    async () => {
      const api = await serverApi();
      const email = await walkingCustomer(api, market);
      const page = await openWebKitPage({ driverUrl: driver.url, origin: network.origin, left: slot === 'webkit-ja' ? 440 : 0 });
      return {
        walker: { page, network, api, locale, market, email, keepScreen: screenKeeper(page, locale) },
        close: async () => {
          await page.close();
          await api.dispose();
        },
      };
    },
    journeySteps([locale]),
  );
}
