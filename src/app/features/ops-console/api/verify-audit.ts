import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { auditVerdictSchema, type AuditVerdict } from '#domain/schemas/operators';
import { opsRequest } from '../ops-api';

const answer = z.object({ data: auditVerdictSchema });

/** GET /ops/audit/verify: the server recomputes every entry's digest and link. Asked for, not loaded with the page: it reads the whole trail. */
export async function verifyAudit(): Promise<AuditVerdict> {
  return answer.parse(await opsRequest('/audit/verify')).data;
}

export function useVerifyAudit() {
  return useMutation({ mutationFn: verifyAudit });
}
