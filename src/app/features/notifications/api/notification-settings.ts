import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationSettingsAnswerSchema, type NotificationSettings } from '#domain/schemas/notifications';
import { apiRequest } from '../../../lib/api';

/** GET /user/notification_settings: the mail preference and this account's push endpoints. */
export async function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return notificationSettingsAnswerSchema.parse(await apiRequest('/user/notification_settings', { auth: true, signal })).data;
}

export const notificationSettingsQueryKey = ['notifications', 'settings'] as const;

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: ({ signal }) => fetchNotificationSettings(signal), staleTime: 0 });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
