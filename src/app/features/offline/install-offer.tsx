import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { getAppStatus, setAppStatus, useAppStatus } from './app-status';

const dismissedKey = 'install_offer_dismissed';

/** iPhone and iPad Safari have no install prompt: people add the app from the Share menu. */
export function isIosWithoutPrompt(userAgent: string, maxTouchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return ios && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(dismissedKey) === '1';
  } catch {
    return false;
  }
}

/** The install button where the browser offers installation, the iOS steps where it cannot. */
export function InstallOffer() {
  const { t } = useLingui();
  const { installPrompt, installed } = useAppStatus();
  const [dismissed, setDismissed] = useState(wasDismissed);
  const ios = isIosWithoutPrompt(navigator.userAgent, navigator.maxTouchPoints);
  if (installed || dismissed || (!installPrompt && !ios)) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(dismissedKey, '1');
    } catch {
      // Private mode: the offer comes back next visit.
    }
    setDismissed(true);
  };
  const install = async () => {
    const offer = getAppStatus().installPrompt;
    if (!offer) return;
    await offer.prompt();
    const choice = await offer.userChoice;
    // A prompt can be shown only once.
    setAppStatus({ installPrompt: undefined, installed: choice.outcome === 'accepted' });
  };

  return (
    <div className="status-bar status-bar--install" data-testid="install-offer">
      {installPrompt ? (
        <>
          <span>{t`Install Roundtrip on this device: it opens without a network.`}</span>{' '}
          <button type="button" className="status-bar__action" onClick={() => void install()}>
            {t`Install the app`}
          </button>
        </>
      ) : (
        <span>{t`To install Roundtrip, tap the Share button, then “Add to Home Screen”.`}</span>
      )}{' '}
      <button type="button" className="status-bar__dismiss" onClick={dismiss}>
        {t`Not now`}
      </button>
    </div>
  );
}
