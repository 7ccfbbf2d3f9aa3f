import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { auditEntrySchema, type AuditEntry } from '#domain/schemas/operators';
import { opsRequest } from '../ops-api';

const answer = z.object({ data: z.array(auditEntrySchema) });

/** What the trail is narrowed to: one record (its type and id), one person or token, or both. */
export interface AuditFilter {
  recordType?: string;
  recordId?: string;
  actor?: string;
}

/** Entries per page: a phone screen's worth, then "Show older entries". */
export const auditPageSize = 50;

/** GET /ops/audit: the newest entries matching the filter, older than `before` (a seq) when given. */
export async function fetchAudit(filter: AuditFilter, before: number | undefined, signal?: AbortSignal): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ limit: String(auditPageSize) });
  if (filter.recordType) query.set('record_type', filter.recordType);
  if (filter.recordId) query.set('record_id', filter.recordId);
  if (filter.actor) query.set('actor', filter.actor);
  if (before !== undefined) query.set('before', String(before));
  return answer.parse(await opsRequest(`/audit?${query.toString()}`, { signal })).data;
}

export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['ops', 'audit', filter],
    queryFn: ({ pageParam, signal }) => fetchAudit(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // A short page is the last one; the next page starts below the oldest entry shown.
    getNextPageParam: (page) => (page.length < auditPageSize ? undefined : page[page.length - 1]?.seq),
  });

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
