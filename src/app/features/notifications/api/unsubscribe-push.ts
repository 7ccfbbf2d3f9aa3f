import { useMutation } from '@tanstack/react-query';
import { notificationSettingsAnswerSchema, type NotificationSettings } from '#domain/schemas/notifications';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { notificationSettingsQueryKey } from './notification-settings';

/** DELETE /user/push_subscriptions: the server forgets this browser's subscription. */
export async function unsubscribePush(endpoint: string): Promise<NotificationSettings> {
  const settings = notificationSettingsAnswerSchema.parse(
    await apiRequest('/user/push_subscriptions', { method: 'DELETE', auth: true, body: { endpoint } }),
  ).data;
  queryClient.setQueryData(notificationSettingsQueryKey, settings);
  return settings;
}

export function useUnsubscribePush() {
  return useMutation({ mutationFn: unsubscribePush });
}
