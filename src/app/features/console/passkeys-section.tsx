import { useLingui } from '@lingui/react/macro';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { reauthenticationPasswordBody, type OperatorPasskey } from '#domain/schemas/operator-passkeys';
import { failureMessage, isApiError } from '../../lib/api';
import { formatLongDate } from '../../lib/format';
import { Dialog } from '../../ui/dialog';
import { notify } from '../../ui/notifications';
import { QueryView } from '../../ui/query-view';
import { TextField } from '../../ui/text-field';
import { apiFieldFailure, useFormSubmit } from '../../ui/use-form-submit';
import { useAddPasskey } from './api/add-passkey';
import { useOwnPasskeys } from './api/passkeys';
import { useReauthenticateWithPasskey, useReauthenticateWithPassword } from './api/reauthenticate';
import { useRemovePasskey } from './api/remove-passkey';
import { useFocusWhenShown } from './use-focus-when-shown';

/** How a passkey is named on screen and in the mails: the start of its credential id. */
function shortId(id: string): string {
  return id.slice(0, 10);
}

/**
 * The operator's own passkeys (docs/operators.md, Passkeys and resets): the list, adding one, and
 * removing one. Adding needs the session to have proved itself in the last five minutes: when the
 * server says so, the section asks for the password and a new code (or a passkey) first, then adds.
 */
export function PasskeySection() {
  const { t } = useLingui();
  const passkeys = useOwnPasskeys();
  const add = useAddPasskey();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string }>();
  const [confirming, setConfirming] = useState(false);
  const outcomeRef = useFocusWhenShown<HTMLParagraphElement>(outcome?.ok === false ? outcome : undefined);
  const supported = browserSupportsWebAuthn();

  function addPasskey() {
    setOutcome(undefined);
    add.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setOutcome({ ok: true, text: t`Passkey added. Next time, log in with it.` });
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'REAUTHENTICATION_REQUIRED') {
          setConfirming(true);
          return;
        }
        setOutcome({ ok: false, text: failureMessage(error, t`No passkey was added. Try again when your phone asks for it.`) });
      },
    });
  }

  return (
    <section aria-labelledby="ops-passkey" className="ops-section">
      <h2 id="ops-passkey">{t`Passkeys`}</h2>
      <p>{t`Log in with your phone's screen lock instead of your password and a code.`}</p>
      <QueryView query={passkeys} errorText={t`Your passkeys could not be loaded.`}>
        {(list) =>
          list.length === 0 ? (
            <p>{t`You have no passkey.`}</p>
          ) : (
            <ul className="ops-cards" aria-label={t`Your passkeys`}>
              {list.map((passkey) => (
                <PasskeyItem key={passkey.id} passkey={passkey} />
              ))}
            </ul>
          )
        }
      </QueryView>
      {outcome ? (
        <p ref={outcomeRef} tabIndex={-1} role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'notice' : 'field__error'}>
          {outcome.text}
        </p>
      ) : null}
      {confirming ? (
        <ConfirmIdentity
          withPasskey={supported && (passkeys.data?.length ?? 0) > 0}
          onConfirmed={() => {
            setConfirming(false);
            addPasskey();
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : supported ? (
        <button type="button" className="button button--secondary" disabled={add.isPending} onClick={addPasskey}>
          {t`Add a passkey`}
        </button>
      ) : null}
    </section>
  );
}

function PasskeyItem({ passkey }: { passkey: OperatorPasskey }) {
  const { t, i18n } = useLingui();
  const remove = useRemovePasskey();
  const [asking, setAsking] = useState(false);
  const name = shortId(passkey.id);
  function confirmRemoval() {
    remove.mutate(passkey.id, {
      onSuccess: () => {
        setAsking(false);
        notify({ kind: 'success', title: t`Passkey removed`, description: t`Passkey ${name} no longer signs you in.` });
      },
      onError: (error) =>
        notify({ kind: 'error', title: t`Not removed`, description: failureMessage(error, t`Check your connection and try again.`) }),
    });
  }
  return (
    <li className="ops-card">
      <h3>{t`Passkey ${name}`}</h3>
      <p>{t`Added on ${formatLongDate(passkey.created_at, i18n.locale)}`}</p>
      <p>{passkey.last_used_at ? t`Last used on ${formatLongDate(passkey.last_used_at, i18n.locale)}` : t`Not used yet`}</p>
      <button type="button" className="button button--secondary" aria-label={t`Remove passkey ${name}`} onClick={() => setAsking(true)}>
        {t`Remove`}
      </button>
      <Dialog open={asking} title={t`Remove passkey ${name}?`} onClose={() => setAsking(false)}>
        <p>{t`It will no longer sign you in. You will get a mail saying it was removed.`}</p>
        <div className="dialog__actions">
          <button type="button" className="button" data-autofocus disabled={remove.isPending} onClick={confirmRemoval}>
            {t`Remove the passkey`}
          </button>
          <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
            {t`Keep it`}
          </button>
        </div>
      </Dialog>
    </li>
  );
}

/** The password and a new code, or one of the operator's passkeys: this session proves itself again. */
function ConfirmIdentity({ withPasskey, onConfirmed, onCancel }: { withPasskey: boolean; onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const byPassword = useReauthenticateWithPassword();
  const byPasskey = useReauthenticateWithPasskey();
  const formRef = useRef<HTMLFormElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const [passkeyFailure, setPasskeyFailure] = useState<string>();
  const passkeyFailureRef = useFocusWhenShown<HTMLParagraphElement>(passkeyFailure);
  // It takes the place of the button just pressed: the focus goes to its first field.
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  const form = useFormSubmit(formRef, {
    schema: reauthenticationPasswordBody,
    initialValues: { password: '', code: '' },
    action: (data) => byPassword.mutateAsync(data),
    onSuccess: onConfirmed,
    onFailure: (error) => {
      // A code is good once: a refused attempt needs the next one.
      form.setValue('code', '');
      return (
        apiFieldFailure(error) ?? {
          message: failureMessage(error, t`Not confirmed. Check your connection and try again.`),
          focus: () => failureRef.current?.focus(),
        }
      );
    },
  });
  function confirmWithPasskey() {
    setPasskeyFailure(undefined);
    byPasskey.mutate(undefined, {
      onSuccess: onConfirmed,
      onError: (error) => setPasskeyFailure(failureMessage(error, t`No passkey was used. Try again, or type your password and code.`)),
    });
  }
  return (
    <div className="notice" data-testid="ops-confirm-identity">
      <h3>{t`Confirm it is you`}</h3>
      <p>{t`Adding a passkey needs your password and a new code from your authenticator app, or one of your passkeys.`}</p>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
        {form.message ? (
          <p ref={failureRef} role="alert" tabIndex={-1} className="field__error">
            {form.message}
          </p>
        ) : null}
        <TextField
          id="ops-confirm-password"
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          {...form.field('password')}
        />
        <TextField
          id="ops-confirm-code"
          label={t`Authenticator code`}
          hint={t`The six digits your authenticator app shows now.`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          {...form.field('code')}
        />
        <div className="ops-actions">
          <button type="submit" className="button" disabled={form.pending}>
            {t`Confirm and add the passkey`}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t`Cancel`}
          </button>
        </div>
      </form>
      {withPasskey ? (
        <>
          {passkeyFailure ? (
            <p ref={passkeyFailureRef} role="alert" tabIndex={-1} className="field__error">
              {passkeyFailure}
            </p>
          ) : null}
          <button type="button" className="button button--secondary" disabled={byPasskey.isPending} onClick={confirmWithPasskey}>
            {t`Confirm with one of your passkeys`}
          </button>
        </>
      ) : null}
    </div>
  );
}
