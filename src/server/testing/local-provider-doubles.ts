import { isLocalAddress, type Config } from '../config';
import { startPaypalDouble } from './paypal-double';
import { startWiseDouble } from './wise-double';

/**
 * A local start that chose Wise or PayPal without the API's address gets that provider's double on
 * 127.0.0.1, so that `payouts submit` and the webhooks can be tried without paying anybody: a
 * funded transfer or a new PayPal item is reported paid, to this server's own webhook.
 */
export async function startLocalProviderDoubles(config: Config) {
  const providers = config.payoutProviders;
  const local = isLocalAddress(config.publicUrl);
  const wise =
    local && providers.TRANSFERWISE === 'wise' && !providers.wise.apiUrl
      ? await startWiseDouble({ settleFundedAs: 'outgoing_payment_sent' })
      : undefined;
  const paypal =
    local && providers.PAYPAL === 'paypal' && !providers.paypal.apiUrl ? await startPaypalDouble({ settleItemsAs: 'SUCCESS' }) : undefined;
  const payoutProviders = {
    ...providers,
    wise: wise ? { apiUrl: wise.url, token: wise.token, profileId: wise.profileId, webhookPublicKey: wise.publicKeyPem } : providers.wise,
    paypal: paypal
      ? { apiUrl: paypal.url, clientId: paypal.clientId, clientSecret: paypal.clientSecret, webhookId: paypal.webhookId }
      : providers.paypal,
  };
  return {
    config: { ...config, payoutProviders },
    /** What the start banner says about them. */
    started: [...(wise ? [`Wise (${wise.url})`] : []), ...(paypal ? [`PayPal (${paypal.url})`] : [])],
    /** Once the server listens: where the doubles post their webhooks. */
    connect(serverUrl: string) {
      if (wise) wise.state.webhookUrl = `${serverUrl}/api/v2/webhooks/wise`;
      if (paypal) paypal.state.webhookUrl = `${serverUrl}/api/v2/webhooks/paypal`;
    },
    async close() {
      await wise?.close();
      await paypal?.close();
    },
  };
}
