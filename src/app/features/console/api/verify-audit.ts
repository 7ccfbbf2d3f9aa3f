import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { auditVerdictSchema, type AuditVerdict } from '#domain/schemas/operators';
import { consoleRequest } from '../console-api';

const answer = z.object({ data: auditVerdictSchema });

/**
 * GET /ops/audit/verify?full=true: the server recomputes every entry's digest and link, from the
 * first (the screen's button says "the whole trail"). Asked for, not loaded with the page: it reads it all.
 */
export async function verifyAudit(): Promise<AuditVerdict> {
  return answer.parse(await consoleRequest('/audit/verify?full=true')).data;
}

export function useVerifyAudit() {
  return useMutation({ mutationFn: verifyAudit });
}
