// Its styles (offline.css) are part of the app's stylesheet: src/app/styles.css imports them.
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { headless } from '../../lib/headless';
import { useAppStatus, useOnline } from './app-status';
import { formatAge, oldestShownDataAt } from './data-age';
import { OutboxSummary, useWaitingActions } from '../../ui/outbox-status';
import { InstallOffer } from './install-offer';
import { applyUpdate } from './start-offline';

/** Re-renders every minute so that ages stay right. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "Updated 3 hours ago" for a piece of data; features put it next to what they show. */
export function DataAge({ updatedAt }: { updatedAt: number }) {
  const { t, i18n } = useLingui();
  const now = useNow();
  if (!updatedAt) return null;
  const age = formatAge(now - updatedAt, i18n.locale);
  return (
    <span className="data-age" data-testid="data-age">
      {/* Under a minute has its own sentence: "Updated" + "now" reads oddly in Japanese (更新：今). */}
      {now - updatedAt < 60_000 ? t`Updated just now` : t`Updated ${age}`}
    </span>
  );
}

/** The oldest answer among the data on screen (queries someone is looking at). */
function useOldestShownData(): number | undefined {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => oldestShownDataAt(cache),
    () => undefined,
  );
}

function OfflineBanner() {
  const { t } = useLingui();
  const oldest = useOldestShownData();
  return (
    <div className="status-bar status-bar--offline" role="status" data-testid="offline-banner">
      <span>{t`You are offline.`}</span> <OutboxSummary inline />{' '}
      {oldest ? (
        <>
          <span>{t`Showing the last saved data.`}</span> <DataAge updatedAt={oldest} />
        </>
      ) : null}
    </div>
  );
}

function UpdatePrompt({ databaseOutdated }: { databaseOutdated: boolean }) {
  const { t } = useLingui();
  return (
    <div className="status-bar status-bar--update" role="status" data-testid="update-prompt">
      <span>{databaseOutdated ? t`A newer version of Roundtrip is open in another tab.` : t`Update available`}</span>{' '}
      <button type="button" className="status-bar__action" onClick={() => (databaseOutdated ? window.location.reload() : applyUpdate())}>
        {t`Reload`}
      </button>
    </div>
  );
}

/**
 * The offline feature's strip under the navigation bar, one at a time so that the page keeps the
 * screen: offline (with the actions waiting to upload and the data's age), else the update prompt
 * (never reloads by itself), else the actions waiting to upload, else the install offer.
 * `offerInstall` is the shell's say: the offer waits while the cookie banner asks its question.
 */
export function OfflineBar({ offerInstall = true }: { offerInstall?: boolean }) {
  const online = useOnline();
  const { updateReady, databaseOutdated } = useAppStatus();
  const waiting = useWaitingActions();
  return (
    <div className="status-bars">
      {!online ? (
        <OfflineBanner />
      ) : updateReady || databaseOutdated ? (
        <UpdatePrompt databaseOutdated={databaseOutdated} />
      ) : waiting > 0 ? (
        <OutboxSummary />
      ) : headless || !offerInstall ? null : (
        <InstallOffer />
      )}
    </div>
  );
}
