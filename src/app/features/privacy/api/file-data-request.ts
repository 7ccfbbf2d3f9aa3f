import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { dsarReceipt, type DsarBody, type DsarReceipt } from '#domain/schemas/privacy';
import { apiRequest } from '../../../lib/api';

const fileAnswer = z.object({ data: dsarReceipt });

/** POST /dsar: open to anyone; the answer carries the reference and the date it must be answered by. */
export async function fileDataRequest(body: DsarBody): Promise<DsarReceipt> {
  return fileAnswer.parse(await apiRequest('/dsar', { method: 'POST', body })).data;
}

export function useFileDataRequest() {
  return useMutation({ mutationFn: fileDataRequest });
}
