import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { auditEntrySchema, type AuditEntry } from '#domain/schemas/operators';
import { opsRequest } from '../ops-api';

const answer = z.object({ data: z.array(auditEntrySchema) });

/** GET /ops/audit: the newest entries of the audit trail. */
export async function fetchAudit(signal?: AbortSignal): Promise<AuditEntry[]> {
  return answer.parse(await opsRequest('/audit?limit=50', { signal })).data;
}

export const auditQueryOptions = () => queryOptions({ queryKey: ['ops', 'audit'], queryFn: ({ signal }) => fetchAudit(signal) });

export function useAudit() {
  return useQuery(auditQueryOptions());
}
