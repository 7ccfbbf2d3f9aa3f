/** Wise's API: where it is, the token that pays, the business profile, and the key its webhooks are signed with. */
export interface WiseSettings {
  apiUrl: string | undefined;
  token: string | undefined;
  profileId: string | undefined;
  webhookPublicKey: string | undefined;
}

/** PayPal's REST API: where it is, the OAuth client, and the webhook whose events are verified. */
export interface PaypalSettings {
  apiUrl: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  webhookId: string | undefined;
}

/** Who pays each method's payouts (PAYOUT_PROVIDER_*), and the providers' APIs. */
export interface PayoutProviderSettings {
  TRANSFERWISE: 'manual' | 'wise';
  PAYPAL: 'manual' | 'paypal';
  wise: WiseSettings;
  paypal: PaypalSettings;
}

const wiseNames = {
  apiUrl: 'WISE_API_URL',
  token: 'WISE_API_TOKEN',
  profileId: 'WISE_PROFILE_ID',
  webhookPublicKey: 'WISE_WEBHOOK_PUBLIC_KEY',
} as const;
const paypalNames = {
  apiUrl: 'PAYPAL_API_URL',
  clientId: 'PAYPAL_CLIENT_ID',
  clientSecret: 'PAYPAL_CLIENT_SECRET',
  webhookId: 'PAYPAL_WEBHOOK_ID',
} as const;

function missingOf<T extends object>(settings: T, names: Record<keyof T, string>): string[] {
  return (Object.keys(names) as (keyof T)[]).filter((key) => settings[key] === undefined).map((key) => names[key]);
}

/**
 * What stops a start: a provider chosen without its API's settings. A local start without the
 * API's address is let through, since main.ts then starts the provider's double on 127.0.0.1 and
 * fills them in; a public one pays real customers and needs them all.
 */
export function payoutProviderProblems(settings: PayoutProviderSettings, local: boolean): string[] {
  const problems: string[] = [];
  const check = (chosen: string, variable: string, missing: string[], apiUrlName: string) => {
    if (missing.length === 0) return;
    if (local && missing.includes(apiUrlName)) return;
    problems.push(
      `${variable}=${chosen} needs ${missing.join(', ')} (docs/operators.md, Payouts through Wise and PayPal)${local ? `, or ${apiUrlName} unset so that the local double is started` : ''}`,
    );
  };
  if (settings.TRANSFERWISE === 'wise')
    check('wise', 'PAYOUT_PROVIDER_TRANSFERWISE', missingOf(settings.wise, wiseNames), wiseNames.apiUrl);
  if (settings.PAYPAL === 'paypal') check('paypal', 'PAYOUT_PROVIDER_PAYPAL', missingOf(settings.paypal, paypalNames), paypalNames.apiUrl);
  return problems;
}

/** Wise settings once every one is set (a start checked it), or undefined. */
export function completeWise(settings: WiseSettings): Required<{ [K in keyof WiseSettings]: string }> | undefined {
  const { apiUrl, token, profileId, webhookPublicKey } = settings;
  return apiUrl && token && profileId && webhookPublicKey ? { apiUrl, token, profileId, webhookPublicKey } : undefined;
}

export function completePaypal(settings: PaypalSettings): Required<{ [K in keyof PaypalSettings]: string }> | undefined {
  const { apiUrl, clientId, clientSecret, webhookId } = settings;
  return apiUrl && clientId && clientSecret && webhookId ? { apiUrl, clientId, clientSecret, webhookId } : undefined;
}
