import { useLingui } from '@lingui/react/macro';
import { flushSync } from 'react-dom';
import { Link } from '@tanstack/react-router';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { updateUserBody, type User } from '../../../domain/schemas/account';
import { isApiError } from '../../lib/api';
import { fieldErrorText, fieldErrorsOf, focusFirstError, type FieldErrors } from '../../ui/field-errors';
import { notify } from '../../ui/notifications';
import { TextField } from '../../ui/text-field';
import { useCountryParam } from '../shell/use-country';
import { useUpdateProfile } from './api/update-profile';

type Editable = 'name' | 'address' | 'city' | 'state';

function initialValues(user: User): Record<Editable, string> {
  return { name: user.name, address: user.address ?? '', city: user.city ?? '', state: user.state ?? '' };
}

/**
 * Name, address, city and state are the customer's to change (PATCH /user). Email and
 * zip/post code are shown read-only: changing them goes through customer care (spec §6),
 * because they tie the account to a market and to a login.
 */
export function PersonalDataForm({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const country = useCountryParam();
  const headingId = useId();
  const update = useUpdateProfile();
  const [values, setValues] = useState(() => initialValues(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverMessage, setServerMessage] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: Editable) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setServerMessage(undefined);
    const parsed = updateUserBody.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(initialValues(saved));
        notify({ kind: 'success', title: t`Success`, description: t`Your personal data has been saved.` });
      },
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0) {
          flushSync(() => setErrors(error.fields));
          focusFirstError(formRef.current);
        } else if (isApiError(error) && error.status === 422 && error.message) {
          setServerMessage(error.message);
        } else {
          notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
        }
      },
    });
  }

  // The market decides the word: a zip code in the United States, a post code elsewhere (spec's labels).
  const postalLabel = user.country_code === 'us' ? t`Zip code` : t`Post code`;
  const careLink = (
    <Link to="/{-$country}/contact-us" params={{ country }}>
      {t`Contact customer care`}
    </Link>
  );

  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Personal data`}</h2>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit}>
        <TextField id="profile-name" label={t`Name`} name="name" autoComplete="name" value={values.name} onChange={change('name')} error={fieldErrorText(i18n, errors.name)} />
        <TextField
          id="profile-email"
          label={t`Email`}
          type="email"
          name="email"
          value={user.email}
          readOnly
          hint={
            <>
              {t`To change your email address, please contact customer care.`} {careLink}
            </>
          }
        />
        <TextField
          id="profile-address"
          label={t`Address`}
          name="address"
          autoComplete="street-address"
          value={values.address}
          onChange={change('address')}
          error={fieldErrorText(i18n, errors.address)}
        />
        <TextField id="profile-city" label={t`City`} name="city" autoComplete="address-level2" value={values.city} onChange={change('city')} error={fieldErrorText(i18n, errors.city)} />
        <TextField
          id="profile-state"
          label={t`State`}
          name="state"
          autoComplete="address-level1"
          value={values.state}
          onChange={change('state')}
          error={fieldErrorText(i18n, errors.state)}
        />
        <TextField
          id="profile-zip"
          label={postalLabel}
          name="zip_code"
          value={user.zip_code}
          readOnly
          hint={
            <>
              {user.country_code === 'us'
                ? t`To change your zip code, please contact customer care.`
                : t`To change your post code, please contact customer care.`}{' '}
              {careLink}
            </>
          }
        />
        {serverMessage ? (
          <p className="notice notice--error" role="alert">
            {serverMessage}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={update.isPending}>
          {update.isPending ? t`Saving…` : t`Save my personal data`}
        </button>
      </form>
    </section>
  );
}
