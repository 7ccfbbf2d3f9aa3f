import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Operator } from '#domain/schemas/operators';
import { failureMessage } from '../../lib/api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { notify } from '../../ui/notifications';
import { useRemoveOperatorPasskeys } from './api/remove-operator-passkeys';
import { useResetAuthenticator } from './api/reset-authenticator';
import { useSendPasswordReset } from './api/send-password-reset';

/**
 * An admin's ways back into an operator's account, each asked twice (docs/operators.md, Passkeys
 * and resets): remove their passkeys, or reset their authenticator, which ends their sessions and
 * mails them a new invitation link. The server audits both and mails the operator.
 */
export function OperatorAccessActions({ operator }: { operator: Operator }) {
  const { t } = useLingui();
  const removePasskeys = useRemoveOperatorPasskeys();
  const reset = useResetAuthenticator();
  const sendPasswordReset = useSendPasswordReset();
  const [asking, setAsking] = useState<'passkeys' | 'reset' | 'password'>();
  const name = operator.name;
  const failed = (title: string) => (error: unknown) =>
    notify({ kind: 'error', title, description: failureMessage(error, t`Check your connection and try again.`) });

  function confirmRemoval() {
    removePasskeys.mutate(operator.id, {
      onSuccess: ({ removed }) => {
        setAsking(undefined);
        notify({
          kind: 'success',
          title: t`Passkeys of ${name}`,
          description:
            removed === 0
              ? t`They had no passkey.`
              : plural(removed, { one: '# passkey removed. They are told by mail.', other: '# passkeys removed. They are told by mail.' }),
        });
      },
      onError: failed(t`Passkeys not removed`),
    });
  }

  function confirmReset() {
    reset.mutate(operator.id, {
      onSuccess: () => {
        setAsking(undefined);
        notify({
          kind: 'success',
          title: t`Authenticator reset`,
          description: t`${name} is logged out and has a new link by mail, good for 48 hours.`,
        });
      },
      onError: failed(t`Authenticator not reset`),
    });
  }

  function confirmPasswordReset() {
    sendPasswordReset.mutate(operator.id, {
      onSuccess: () => {
        setAsking(undefined);
        notify({
          kind: 'success',
          title: t`Password-reset link sent`,
          description: t`${name} has a link by mail, good for one hour. Their password works until they choose a new one.`,
        });
      },
      onError: failed(t`Link not sent`),
    });
  }

  return (
    <>
      <div className="ops-actions">
        {operator.status === 'ACTIVE' ? (
          <button
            type="button"
            className="button button--secondary"
            aria-label={t`Send ${name} a password-reset link`}
            onClick={() => setAsking('password')}
          >
            {t`Reset password`}
          </button>
        ) : null}
        <button
          type="button"
          className="button button--secondary"
          aria-label={t`Remove the passkeys of ${name}`}
          onClick={() => setAsking('passkeys')}
        >
          {t`Remove passkeys`}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-label={t`Reset the authenticator of ${name}`}
          onClick={() => setAsking('reset')}
        >
          {t`Reset authenticator`}
        </button>
      </div>
      <ConfirmDialog
        open={asking === 'passkeys'}
        title={t`Remove the passkeys of ${name}?`}
        confirm={t`Remove their passkeys`}
        pending={removePasskeys.isPending}
        onConfirm={confirmRemoval}
        onClose={() => setAsking(undefined)}
      >
        {t`Their passkeys will no longer sign them in; their password and code still will. They get a mail about it.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'password'}
        title={t`Send ${name} a password-reset link?`}
        confirm={t`Send the link`}
        pending={sendPasswordReset.isPending}
        onConfirm={confirmPasswordReset}
        onClose={() => setAsking(undefined)}
      >
        {t`They get a link by mail, good for one hour, to choose a new password with a code from their authenticator app. Their sessions end when they do.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'reset'}
        title={t`Reset the authenticator of ${name}?`}
        confirm={t`Reset and send the link`}
        pending={reset.isPending}
        onConfirm={confirmReset}
        onClose={() => setAsking(undefined)}
      >
        {t`Their sessions end at once, and their password, code and passkeys no longer sign them in. They get a new link by mail, good for 48 hours, to choose a new password and add a new code to their authenticator app.`}
      </ConfirmDialog>
    </>
  );
}
