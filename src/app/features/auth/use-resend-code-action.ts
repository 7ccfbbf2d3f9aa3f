import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../../ui/notifications';
import { useCountryParam } from '../../lib/use-country';
import { useResendCode } from './api/resend-code';

/** The resend-code button: codeSent as a success (5 s) then the code page; 'sww' as an error (3 s). */
export function useResendCodeAction() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const country = useCountryParam();
  const mutation = useResendCode();
  return {
    pending: mutation.isPending,
    resend: () =>
      mutation.mutate(undefined, {
        onSuccess: () => {
          notify({ kind: 'success', title: t`Success`, description: t`A new code has been sent to your email.` });
          void navigate({ to: '/{-$country}/user/verify-email', params: { country }, search: {} });
        },
        onError: () => {
          notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
        },
      }),
  };
}
