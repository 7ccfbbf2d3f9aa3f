import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useNotificationSettings } from './api/notification-settings';
import { useUpdateEmailPreference } from './api/update-email-preference';
import './notifications.css';

/** On the profile page: the news by mail too, off until the customer turns it on. */
export function EmailPreference() {
  const { t } = useLingui();
  const headingId = useId();
  const boxId = useId();
  const hintId = useId();
  const settings = useNotificationSettings();
  const update = useUpdateEmailPreference();
  const [saved, setSaved] = useState<string | undefined>(undefined);
  // The box shows the choice at once and is disabled until the server has saved it. The choice is
  // this component's own state, set in the click's own event: the mutation's pending state arrives
  // a tick later, and in between the box would flick back to the saved value.
  const [chosen, setChosen] = useState<boolean | undefined>(undefined);
  const checked = chosen ?? settings.data?.email ?? false;
  return (
    <section className="profile-section notify" aria-labelledby={headingId} data-testid="email-preference">
      <h2 id={headingId}>{t`News by email`}</h2>
      <p
        id={hintId}
      >{t`Also get an email when a return is credited or rejected, or a withdrawal is paid or fails. The app always lists them.`}</p>
      <div className="notify__switch">
        <input
          id={boxId}
          type="checkbox"
          checked={checked}
          disabled={settings.isPending || chosen !== undefined || update.isPending}
          aria-describedby={hintId}
          onChange={(event) => {
            const email = event.currentTarget.checked;
            setSaved(undefined);
            setChosen(email);
            update.mutate(email, {
              onSettled: () => setChosen(undefined),
              onSuccess: () => setSaved(email ? t`Emails turned on.` : t`Emails turned off.`),
            });
          }}
          data-testid="email-switch"
        />
        <label htmlFor={boxId}>{t`Email me the news`}</label>
      </div>
      <p role="status" className="notify__saved">
        {saved ?? ''}
      </p>
      {update.isError ? (
        <p className="notice notice--error" role="alert">
          {update.error.message || t`Something went wrong`}
        </p>
      ) : null}
    </section>
  );
}
