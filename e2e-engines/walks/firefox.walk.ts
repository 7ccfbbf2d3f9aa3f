import { after } from 'node:test';
import { launchFirefox } from '../support/engines';
import { NetworkSwitch } from '../support/network-switch';
import { serverApi, walkingCustomer } from '../support/records';
import { serverPort, walkPorts } from '../support/server';
import { defineWalk } from '../support/walk';
import { journeySteps } from './steps';

/** Firefox ESR over WebDriver BiDi: one session in English, switching through French and Japanese. */
const network = new NetworkSwitch(walkPorts('firefox').relay, serverPort);
await network.restore();
const firefox = await launchFirefox();
after(async () => {
  await firefox.browser.close();
  await network.cut();
});

defineWalk(
  'Firefox en-US',
  async () => {
    const api = await serverApi();
    const email = await walkingCustomer(api, 'us');
    const page = await firefox.newPage(network.origin);
    return {
      walker: { page, network, api, locale: 'en-US', market: 'us', email, keepScreen: () => Promise.resolve() },
      close: async () => {
        await page.close();
        await api.dispose();
      },
    };
  },
  journeySteps(['fr-FR', 'ja-JP', 'en-US']),
);
