import { useMutation } from '@tanstack/react-query';
import { markNewsReadAnswerSchema, type NewsListAnswer } from '#domain/schemas/notifications';
import { apiRequest } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { newsQueryKey } from './news';

/** POST /user/news/read: the given news read, or all of it (ids absent). The list updates at once. */
export async function markNewsRead(ids?: string[]): Promise<number> {
  const { unread } = markNewsReadAnswerSchema.parse(
    await apiRequest('/user/news/read', { method: 'POST', auth: true, body: ids ? { ids } : {} }),
  ).data;
  queryClient.setQueryData<NewsListAnswer>(newsQueryKey, (list) =>
    list
      ? { data: list.data.map((item) => (ids === undefined || ids.includes(item.id) ? { ...item, read: true } : item)), meta: { unread } }
      : list,
  );
  return unread;
}

export function useMarkNewsRead() {
  return useMutation({ mutationFn: markNewsRead });
}
