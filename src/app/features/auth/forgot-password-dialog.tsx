import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { failureMessage, isApiError } from '../../lib/api';
import { Dialog } from '../../ui/dialog';
import { useFormSubmit } from '../../ui/use-form-submit';
import { TextField } from '../../ui/text-field';
import { useRequestPasswordReset } from './api/request-password-reset';

// Loaded when the dialog opens, not with the login page that holds it (use-form-submit.ts says why).
const loadSchema = () => import('#domain/schemas/account').then((schemas) => schemas.resetPasswordRequestBody);

/** Two steps: ask for the email, then say where the link went (with a way back if mistyped). */
export function ForgotPasswordDialog({ open, onClose, initialEmail }: { open: boolean; onClose: () => void; initialEmail: string }) {
  const { t } = useLingui();
  const [step, setStep] = useState<'form' | 'sent'>('form');
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
    form.clear();
    onClose();
  }

  const form = useFormSubmit(formRef, {
    schema: loadSchema,
    initialValues: { email: initialEmail },
    action: (data) => request.mutateAsync(data.email),
    // The dialog's second step is the one message: it cannot say a mail was sent, as the server
    // answers the same for an address with no account (docs/product.md, Password reset).
    onSuccess: () => setStep('sent'),
    onFailure: (error) => {
      if (isApiError(error) && error.fields.email) return { fields: { email: error.fields.email } };
      return {
        fieldMessages: {
          email: failureMessage(error, t`The link could not be asked for. Check your connection and try again.`),
        },
      };
    },
  });

  const email = form.values.email ?? '';
  return (
    <Dialog open={open} onClose={close} title={step === 'form' ? t`Forgot your password?` : t`Check your inbox`}>
      {step === 'form' ? (
        <form ref={formRef} className="form" noValidate onFocus={form.prepare} onSubmit={(event) => form.submit(event, form.values)}>
          <p>{t`Enter the email address of your account and we will send you a link to choose a new password.`}</p>
          <TextField id="forgot-email" label={t`Email`} type="email" autoComplete="email" {...form.field('email')} />
          <button type="submit" className="button" disabled={form.pending}>
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
