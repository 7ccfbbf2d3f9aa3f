import { useMutation } from '@tanstack/react-query';
import type { NotificationSettings, PushSubscriptionBody } from '#domain/schemas/notifications';
import { apiRequestChecked } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { notificationSettingsQueryKey } from './notification-settings';

/** POST /user/push_subscriptions: this browser's subscription, for this sign-in. */
export async function subscribePush(body: PushSubscriptionBody): Promise<NotificationSettings> {
  const { data: settings } = await apiRequestChecked('/user/push_subscriptions', { method: 'POST', auth: true, body }, () =>
    import('#domain/schemas/notifications').then((schemas) => schemas.notificationSettingsAnswerSchema),
  );
  queryClient.setQueryData(notificationSettingsQueryKey, settings);
  return settings;
}

export function useSubscribePush() {
  return useMutation({ mutationFn: subscribePush });
}
