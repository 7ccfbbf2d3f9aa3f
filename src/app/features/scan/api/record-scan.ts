import { useMutation } from '@tanstack/react-query';
import { scanResponse, type Scan, type ScanBody } from '#domain/schemas/wallet';
import { apiRequest } from '../../../lib/api';
import { refreshWalletQueries } from '../../../lib/query-client';

/** A scan as the phone records it: its own id (the idempotency key) and the moment of the scan. */
export function newScan(code: string, now: Date = new Date()): ScanBody {
  return { id: crypto.randomUUID(), code, scanned_at: now.toISOString() };
}

/** POST /scans: 201 new, 200 for a retry of the same id (never a second record). */
export async function recordScan(body: ScanBody): Promise<Scan> {
  const scan = scanResponse.parse(await apiRequest('/scans', { method: 'POST', auth: true, body })).data;
  await refreshWalletQueries();
  return scan;
}

export function useRecordScan() {
  return useMutation({ mutationFn: recordScan });
}
