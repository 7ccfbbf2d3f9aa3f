import './profile.css';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useRef } from 'react';
import { updateUserBody } from '#domain/schemas/account';
import { type User } from '#domain/schemas/user';
import { isApiError } from '../../lib/api';
import { useFormSubmit } from '../../ui/use-form-submit';
import { notify } from '../../ui/notifications';
import { TextField } from '../../ui/text-field';
import { useCountryParam } from '../../lib/use-country';
import { useUpdateProfile } from './api/update-profile';

type Editable = 'name' | 'address' | 'city' | 'state';

function initialValues(user: User): Record<Editable, string> {
  return { name: user.name, address: user.address ?? '', city: user.city ?? '', state: user.state ?? '' };
}

/**
 * Name, address, city and state are the customer's to change (PATCH /user). Email and
 * zip/post code are shown read-only: changing them goes through customer care,
 * because they tie the account to a market and to a login.
 */
export function PersonalDataForm({ user }: { user: User }) {
  const { t, i18n } = useLingui();
  const country = useCountryParam();
  const japaneseOrder = i18n.locale === 'ja-JP';
  const headingId = useId();
  const update = useUpdateProfile();
  const formRef = useRef<HTMLFormElement>(null);

  const form = useFormSubmit(formRef, {
    schema: updateUserBody,
    initialValues: () => initialValues(user),
    action: (data) => update.mutateAsync(data),
    onSuccess: (saved) => {
      form.setValues(initialValues(saved));
      notify({ kind: 'success', title: t`Success`, description: t`Your personal data has been saved.` });
    },
    onFailure: (error) => {
      if (isApiError(error) && Object.keys(error.fields).length > 0) return { fields: error.fields };
      if (isApiError(error) && error.status === 422 && error.message) return { message: error.message };
      notify({ kind: 'error', title: t`Error`, description: t`Something went wrong` });
      return undefined;
    },
  });

  // The market decides the word: a zip code in the United States, a post code elsewhere.
  const postalLabel = user.country_code === 'us' ? t`Zip code` : t`Post code`;
  const careLink = (
    <Link to="/{-$country}/contact-us" params={{ country }}>
      {t`Contact customer care`}
    </Link>
  );

  const street = (
    <TextField
      key="address"
      id="profile-address"
      // In Japanese order the street comes last, after the city: what is left is the block number and building.
      label={japaneseOrder ? t`Street number and building` : t`Address`}
      autoComplete="street-address"
      {...form.field('address')}
    />
  );
  const city = <TextField key="city" id="profile-city" label={t`City`} autoComplete="address-level2" {...form.field('city')} />;
  const stateLabel = user.country_code === 'ca' ? t`Province` : t`State`;
  const state = <TextField key="state" id="profile-state" label={stateLabel} autoComplete="address-level1" {...form.field('state')} />;
  const postalCode = (
    <TextField
      key="zip_code"
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
  );
  // A Japanese address is written from the largest place to the smallest: post code, prefecture,
  // city, then street and building (docs/product.md, Profile). Other languages keep street first.
  const addressFields = japaneseOrder ? [postalCode, state, city, street] : [street, city, state, postalCode];

  return (
    <section className="profile-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t`Personal data`}</h2>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => form.submit(event, form.values)}>
        <TextField id="profile-name" label={t`Name`} autoComplete="name" {...form.field('name')} />
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
        {addressFields}
        {form.message ? (
          <p className="notice notice--error" role="alert">
            {form.message}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={form.pending}>
          {form.pending ? t`Saving…` : t`Save my personal data`}
        </button>
      </form>
    </section>
  );
}
