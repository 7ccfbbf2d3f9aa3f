import { useLingui } from '@lingui/react/macro';
import { TextField } from './text-field';
import type { BoundField } from './use-form-submit';

/**
 * A new password typed twice, as the profile's change and the emailed reset both ask for it: the
 * same words, the same rule shown before typing, and `new-password` so a password manager offers
 * to make one up.
 */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: BoundField<'password'>;
  confirmation: BoundField<'password_confirmation'>;
}) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        id="new-password"
        label={t`New password`}
        hint={t`At least 8 characters.`}
        type="password"
        autoComplete="new-password"
        {...password}
      />
      <TextField
        id="new-password-confirmation"
        label={t`Confirm the new password`}
        type="password"
        autoComplete="new-password"
        {...confirmation}
      />
    </>
  );
}
