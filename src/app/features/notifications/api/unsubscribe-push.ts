import { useMutation } from '@tanstack/react-query';
import type { NotificationSettings } from '#domain/schemas/notifications';
import { apiRequestChecked } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { notificationSettingsQueryKey } from './notification-settings';

/** DELETE /user/push_subscriptions: the server forgets this browser's subscription. */
export async function unsubscribePush(endpoint: string): Promise<NotificationSettings> {
  const { data: settings } = await apiRequestChecked('/user/push_subscriptions', { method: 'DELETE', auth: true, body: { endpoint } }, () =>
    import('#domain/schemas/notifications').then((schemas) => schemas.notificationSettingsAnswerSchema),
  );
  queryClient.setQueryData(notificationSettingsQueryKey, settings);
  return settings;
}

export function useUnsubscribePush() {
  return useMutation({ mutationFn: unsubscribePush });
}
