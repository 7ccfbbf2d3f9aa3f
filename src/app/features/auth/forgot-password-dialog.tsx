import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { resetPasswordRequestBody } from '../../../domain/schemas/account';
import { isApiError } from '../../lib/api';
import { Dialog } from '../../ui/dialog';
import { fieldErrorText, fieldErrorsOf, focusFirstError, type FieldErrors } from '../../ui/field-errors';
import { notify } from '../../ui/notifications';
import { TextField } from '../../ui/text-field';
import { useRequestPasswordReset } from './api/request-password-reset';

/** The spec's two steps: ask for the email, then say where the link went (with a way back if mistyped). */
export function ForgotPasswordDialog({ open, onClose, initialEmail }: { open: boolean; onClose: () => void; initialEmail: string }) {
  const { t, i18n } = useLingui();
  const [step, setStep] = useState<'form' | 'sent'>('form');
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverMessage, setServerMessage] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  const request = useRequestPasswordReset();
  const sentRef = useRef<HTMLParagraphElement>(null);
  const firstStep = useRef(true);

  // Each step replaces the other: focus follows, or it would fall back to the page behind.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    if (step === 'sent') sentRef.current?.focus();
    else formRef.current?.querySelector('input')?.focus();
  }, [step]);

  function close() {
    setStep('form');
    setErrors({});
    setServerMessage(undefined);
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerMessage(undefined);
    const parsed = resetPasswordRequestBody.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setErrors({});
    request.mutate(parsed.data.email, {
      onSuccess: () => {
        notify({ kind: 'success', title: t`Success`, description: t`We have sent you an email to reset your password.` });
        setStep('sent');
      },
      onError: (error) => {
        if (isApiError(error) && error.fields.email) setErrors({ email: error.fields.email });
        else if (isApiError(error) && error.message) setServerMessage(error.message);
        notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
        requestAnimationFrame(() => focusFirstError(formRef.current));
      },
    });
  }

  return (
    <Dialog open={open} onClose={close} title={step === 'form' ? t`Forgot your password?` : t`Check your inbox`}>
      {step === 'form' ? (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
          <p>{t`Enter the email address of your account and we will send you a link to choose a new password.`}</p>
          <TextField
            id="forgot-email"
            label={t`Email`}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={serverMessage ?? fieldErrorText(i18n, errors.email)}
          />
          <button type="submit" className="button" disabled={request.isPending}>
            {t`Send me a link`}
          </button>
        </form>
      ) : (
        <div className="form" data-testid="forgot-password-sent">
          <p ref={sentRef} tabIndex={-1}>
            {t`If an account exists for ${email}, you will receive an email with a link to reset your password.`}
          </p>
          <button type="button" className="button button--secondary" onClick={() => setStep('form')}>
            {t`Mistyped your email? Try again`}
          </button>
          <button type="button" className="button" onClick={close}>
            {t`Done`}
          </button>
        </div>
      )}
    </Dialog>
  );
}
