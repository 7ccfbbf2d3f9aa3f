import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '#domain/schemas/notifications';
import { apiRequestChecked } from '../../../lib/api';

/** GET /user/notification_settings: the mail preference and this account's push endpoints. */
export async function fetchNotificationSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  const answer = await apiRequestChecked('/user/notification_settings', { auth: true, signal }, () =>
    import('#domain/schemas/notifications').then((schemas) => schemas.notificationSettingsAnswerSchema),
  );
  return answer.data;
}

export const notificationSettingsQueryKey = ['notifications', 'settings'] as const;

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: ({ signal }) => fetchNotificationSettings(signal), staleTime: 0 });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
