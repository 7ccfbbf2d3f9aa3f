import { useMutation } from '@tanstack/react-query';
import { notificationSettingsAnswerSchema, type NotificationSettings } from '#domain/schemas/notifications';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { notificationSettingsQueryKey } from './notification-settings';

/** PATCH /user/notification_settings: mail me the news, or not. */
export async function updateEmailPreference(email: boolean): Promise<NotificationSettings> {
  const settings = notificationSettingsAnswerSchema.parse(
    await apiRequest('/user/notification_settings', { method: 'PATCH', auth: true, body: { email } }),
  ).data;
  queryClient.setQueryData(notificationSettingsQueryKey, settings);
  return settings;
}

export function useUpdateEmailPreference() {
  return useMutation({ mutationFn: updateEmailPreference });
}
