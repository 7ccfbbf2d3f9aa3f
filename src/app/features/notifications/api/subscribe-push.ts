import { useMutation } from '@tanstack/react-query';
import { notificationSettingsAnswerSchema, type NotificationSettings, type PushSubscriptionBody } from '#domain/schemas/notifications';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { notificationSettingsQueryKey } from './notification-settings';

/** POST /user/push_subscriptions: this browser's subscription, for this sign-in. */
export async function subscribePush(body: PushSubscriptionBody): Promise<NotificationSettings> {
  const settings = notificationSettingsAnswerSchema.parse(
    await apiRequest('/user/push_subscriptions', { method: 'POST', auth: true, body }),
  ).data;
  queryClient.setQueryData(notificationSettingsQueryKey, settings);
  return settings;
}

export function useSubscribePush() {
  return useMutation({ mutationFn: subscribePush });
}
