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
  // The box shows the choice at once; it is disabled until the server has saved it.
  const checked = update.isPending ? update.variables : (settings.data?.email ?? false);
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
          disabled={settings.isPending || update.isPending}
          aria-describedby={hintId}
          onChange={(event) => {
            const email = event.currentTarget.checked;
            setSaved(undefined);
            update.mutate(email, { onSuccess: () => setSaved(email ? t`Emails turned on.` : t`Emails turned off.`) });
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
