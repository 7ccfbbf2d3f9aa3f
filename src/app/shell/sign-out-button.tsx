import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Dialog } from '../ui/dialog';
import { signOut } from '../lib/sign-out';
import { useOnline } from '../features/offline/app-status';
import { flushOutbox, useOutbox } from '../lib/outbox';

/**
 * Sign-out deletes everything on this phone, the outbox included. With actions still waiting to
 * upload it asks first: upload them, then sign out (at once when online, as soon as the
 * connection returns when not), or sign out and drop them knowingly.
 */
const subscribeToNothing = () => () => {};

export function SignOutButton() {
  const { t } = useLingui();
  const online = useOnline();
  const waiting = useOutbox().filter((entry) => entry.state === 'pending').length;
  const [asking, setAsking] = useState(false);
  const [uploadFirst, setUploadFirst] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  // The dialog lives in document.body, which only a browser has: the build's prerendering (a
  // signed-in page's shell) draws the button alone.
  const inBrowser = useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );

  const leave = () => {
    setSigningOut(true);
    setAsking(false);
    void signOut();
  };

  // leave() uses nothing but state setters and signOut, so it is left out of the dependencies.
  useEffect(() => {
    if (!uploadFirst || signingOut) return;
    if (waiting === 0) leave();
    else if (online) void flushOutbox();
  }, [uploadFirst, waiting, online, signingOut]);

  return (
    <>
      <button type="button" disabled={signingOut} onClick={() => (waiting > 0 ? setAsking(true) : leave())}>
        {t`Log out`}
      </button>
      {/* Outside the menu's list, which is hidden when the menu closes. */}
      {inBrowser &&
        createPortal(
          <Dialog
            open={asking}
            title={t`Actions still waiting to upload`}
            onClose={() => {
              setAsking(false);
              setUploadFirst(false);
            }}
          >
            <div data-testid="sign-out-outbox">
              <WaitingActions waiting={waiting} />
              {uploadFirst ? (
                <p role="status">
                  {online
                    ? t`Uploading… You will be logged out when it is done.`
                    : t`You are offline. They will upload when the connection returns, then you will be logged out.`}
                </p>
              ) : null}
              <div className="dialog__actions">
                <button type="button" className="button" disabled={uploadFirst} data-autofocus onClick={() => setUploadFirst(true)}>
                  {t`Upload them, then log out`}
                </button>
                <button type="button" className="button button--secondary" onClick={leave}>
                  {t`Log out and delete them`}
                </button>
              </div>
            </div>
          </Dialog>,
          document.body,
        )}
    </>
  );
}

/**
 * What logging out would delete. A component of its own, so its plural is formatted only when the
 * dialog shows it: the first plural of a page builds the language's number rules, a cost the start
 * of every signed-in page paid for a dialog that is closed.
 */
function WaitingActions({ waiting }: { waiting: number }) {
  const { t } = useLingui();
  return (
    <p>
      {plural(waiting, {
        one: '# action taken on this phone has not reached Roundtrip yet.',
        other: '# actions taken on this phone have not reached Roundtrip yet.',
      })}{' '}
      {t`Logging out deletes them from this phone: they would never be uploaded.`}
    </p>
  );
}
