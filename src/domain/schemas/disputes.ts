import { z } from 'zod';
import { keyed } from './fields';
import { moneySchema } from './money';

/** "This isn't right" about a history line (src/server/modules/disputes/README.md): shared by app and server. */

export const disputeReasons = ['returned', 'not_damaged', 'wrong_container', 'other'] as const;
export type DisputeReason = (typeof disputeReasons)[number];

export const disputeStatuses = ['OPEN', 'CREDITED', 'UPHELD'] as const;
export type DisputeStatus = (typeof disputeStatuses)[number];

/** Disputes one customer may file in 24 hours. */
export const disputesPerDay = 10;
/** What the server accepts; the phone aims well under it (longest side 1280 px, about 300 KB). */
export const maxDisputePhotoBytes = 400 * 1024;
export const disputePhotoTargetBytes = 300 * 1024;
export const disputePhotoMaxSide = 1280;
export const maxDisputeNoteLength = 500;

/** `scan:<uuid>` (a rejected or expired scan) or `scan-pending:YYYY-MM-DD` (a day of pending scans). */
export const disputableTransactionId =
  /^(scan:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|scan-pending:\d{4}-\d{2}-\d{2})$/;

/** A `scan-pending:` line names a day of the calendar (no 2026-02-30, no year 0). */
function isRealPendingDay(transactionId: string): boolean {
  if (!transactionId.startsWith('scan-pending:')) return true;
  const day = transactionId.slice('scan-pending:'.length);
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.getUTCFullYear() >= 2000 && date.toISOString().slice(0, 10) === day;
}

/** POST /disputes. `id` is made by the phone and saved in its outbox before sending: a resend is the same dispute. */
export const disputeBody = z.strictObject({
  id: z.uuid({ error: keyed('invalidValue') }),
  transaction_id: z
    .string({ error: keyed('invalidValue') })
    .trim()
    .regex(disputableTransactionId, { error: 'invalidValue' })
    .refine(isRealPendingDay, { error: 'invalidValue' }),
  reason: z.enum(disputeReasons, { error: keyed('invalidValue') }),
  note: z.string({ error: 'invalidValue' }).trim().max(maxDisputeNoteLength, { error: 'tooLong' }).optional(),
  /** A JPEG, base64 (no data: prefix). */
  photo: z
    .string({ error: 'photoInvalid' })
    .max(Math.ceil(maxDisputePhotoBytes / 3) * 4, { error: 'photoTooLarge' })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'photoInvalid' })
    .optional(),
});
export type DisputeBody = z.infer<typeof disputeBody>;

/** A dispute as its history line carries it. */
export const disputeSummarySchema = z.object({
  id: z.string(),
  status: z.enum(disputeStatuses),
  reason: z.enum(disputeReasons),
  /** The operator's answer (always there when UPHELD). */
  answer: z.string().nullable(),
  /** What was credited (CREDITED), else null. */
  credited: moneySchema.nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

export const disputeSchema = disputeSummarySchema.extend({
  note: z.string().nullable(),
  has_photo: z.boolean(),
  /** The history lines it is about: `scan:<id>` of each disputed scan. */
  transaction_ids: z.array(z.string()),
  /** The deposits at stake. */
  amount: moneySchema,
});
export type Dispute = z.infer<typeof disputeSchema>;
export const disputeResponse = z.object({ data: disputeSchema });
