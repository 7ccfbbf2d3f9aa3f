import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema, type AuditPage } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

/**
 * What the trail is narrowed to (GET /ops/audit's filters): whom it is about, who did it, the
 * action, a record (an id, a payout's reference), and days; or one record by its type and id.
 */
export interface AuditFilter {
  subject?: string;
  actor?: string;
  action?: string;
  record?: string;
  from?: string;
  to?: string;
  recordType?: string;
  recordId?: string;
}

/** Entries per page: a phone screen's worth, then "Show older entries". */
export const auditPageSize = 50;

/** The filter as GET /ops/audit (and its CSV export) reads it. */
export function auditSearch(filter: AuditFilter): URLSearchParams {
  const query = new URLSearchParams();
  const fields = {
    subject: filter.subject,
    actor: filter.actor,
    action: filter.action,
    record: filter.record,
    from: filter.from,
    to: filter.to,
    record_type: filter.recordType,
    record_id: filter.recordId,
  };
  for (const [name, value] of Object.entries(fields)) if (value) query.set(name, value);
  return query;
}

/** GET /ops/audit: the newest entries matching the filter, after `cursor` (the previous page's) when given. */
export async function fetchAudit(filter: AuditFilter, cursor: string | undefined, signal?: AbortSignal): Promise<AuditPage> {
  const query = auditSearch(filter);
  query.set('limit', String(auditPageSize));
  if (cursor !== undefined) query.set('cursor', cursor);
  return auditPageSchema.parse(await consoleRequest(`/audit?${query.toString()}`, { signal }));
}

export const auditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['ops', 'audit', filter],
    queryFn: ({ pageParam, signal }) => fetchAudit(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
