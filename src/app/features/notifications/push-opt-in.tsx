import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../lib/api';
import { useNotificationSettings } from './api/notification-settings';
import { usePushKey } from './api/push-key';
import { useSubscribePush } from './api/subscribe-push';
import { useUnsubscribePush } from './api/unsubscribe-push';
import {
  browserSubscription,
  notificationPermission,
  pushSupport,
  PushPermissionError,
  PushTimeoutError,
  subscribeBrowser,
} from './push-browser';
import type { PushSubscriptionBody } from '#domain/schemas/notifications';
import './notifications.css';

/**
 * "Notify me on this phone": a switch whose state is this browser's subscription as the server
 * knows it (a subscription left by another account signed in here before shows as off).
 */
export function PushOptIn() {
  const { t } = useLingui();
  const headingId = useId();
  const switchId = useId();
  const statusId = useId();
  const key = usePushKey();
  const settings = useNotificationSettings();
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const support = pushSupport();
  const supported = support === 'supported';

  useEffect(() => {
    let live = true;
    void browserSubscription().then(
      (subscription) => live && setEndpoint(subscription?.endpoint ?? null),
      // A push service that cannot say: shown as off, which a turn of the switch puts right.
      () => live && setEndpoint(null),
    );
    return () => {
      live = false;
    };
  }, []);

  const on = endpoint ? (settings.data?.push_endpoints.includes(endpoint) ?? false) : false;
  const publicKey = key.data;
  const blocked = supported && notificationPermission() === 'denied';
  const available = supported && publicKey !== null && !blocked;
  // A switch that can never work here (a tab on an iPhone, a browser without Push, a server without
  // keys) is left out: the explanation says what to do instead. Blocked stays, showing "Off".
  const offered = supported && publicKey !== null;

  async function turnOn(serverKey: string) {
    const subscription = await subscribeBrowser(serverKey);
    const keys = subscription.toJSON().keys ?? {};
    const body = {
      endpoint: subscription.endpoint,
      expirationTime: subscription.expirationTime,
      keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' },
    } satisfies PushSubscriptionBody;
    await subscribe.mutateAsync(body);
    setEndpoint(subscription.endpoint);
  }

  async function turnOff() {
    const subscription = await browserSubscription();
    if (subscription) {
      await unsubscribe.mutateAsync(subscription.endpoint);
      await subscription.unsubscribe();
    }
    setEndpoint(null);
  }

  async function toggle() {
    if (!publicKey) return;
    setBusy(true);
    setProblem(undefined);
    try {
      if (on) await turnOff();
      else await turnOn(publicKey);
    } catch (error) {
      // A refusal ("Block") changes the explanation above the switch, which says it once; a prompt
      // closed without an answer leaves the permission open, and only this line says so.
      if (error instanceof PushPermissionError) {
        if (notificationPermission() !== 'denied')
          setProblem(t`Notifications were not allowed. Turn the switch on again to be asked once more.`);
      } else if (error instanceof PushTimeoutError) setProblem(t`Your browser's notification service is not answering. Try again later.`);
      else if (isApiError(error) && error.message) setProblem(error.message);
      else setProblem(t`This device could not be signed up for notifications. Try again later.`);
    } finally {
      setBusy(false);
    }
  }

  let explanation: string;
  if (support === 'install-first')
    explanation = t`On iPhone and iPad, notifications come to Roundtrip once it is on your Home Screen: tap Share, then “Add to Home Screen”, and open Roundtrip from there. Your news list shows every change meanwhile.`;
  else if (!supported) explanation = t`This browser cannot show notifications from Roundtrip. Your news list still shows every change.`;
  else if (publicKey === null) explanation = t`Phone notifications are not available on this server.`;
  else if (blocked) explanation = t`Notifications are blocked for this site. Allow them in your browser's site settings to turn them on.`;
  else explanation = t`We tell you when a return is credited or rejected, and when a withdrawal is paid or fails.`;

  return (
    <section className="notify" aria-labelledby={headingId} data-testid="push-opt-in">
      <h2 id={headingId}>{t`Notifications on this device`}</h2>
      {/* Polite: after a "Block" at the prompt this is where the reason appears. */}
      <p id={statusId} aria-live="polite">
        {explanation}
      </p>
      {offered ? (
        <div className="notify__switch">
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={on}
            disabled={!available || busy || endpoint === undefined || key.isPending || settings.isPending}
            aria-describedby={statusId}
            onChange={() => void toggle()}
            data-testid="push-switch"
          />
          <label htmlFor={switchId}>{t`Notify me on this device`}</label>
          <span className="notify__state" data-testid="push-state" aria-live="polite">
            {/* Nothing until this browser's subscription and the server's list are known: never a guessed "Off". */}
            {busy ? t`Saving…` : endpoint === undefined || settings.isPending ? '' : on ? t`On` : t`Off`}
          </span>
        </div>
      ) : null}
      {problem ? (
        <p className="notice notice--error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
