/**
 * What the operator calls under /api/v2/ops accept: the server validates each body and query with
 * these, the console types what it sends with them (and checks its forms with the same rules), and
 * the CLI recognises ids the same way. Field errors are the keys every form translates.
 */
import { z } from 'zod';
import { parseScannedPayload, validateContainerCode } from '../container-codes';
import { contentNamespaces } from '../content/namespaces';
import { rejectReasonCodes } from '../reject-reasons';
import { maxDraftLength } from './content';
import { missingTextLanguages } from './missing-texts';

/** Any record's id as the server writes it (a customer, a claim, a dispute, an operator, a token). */
export const recordId = z.uuid({ error: 'invalidValue' });

export function isRecordId(value: string): boolean {
  return recordId.safeParse(value).success;
}

const text = (max: number) => z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'tooLong' });

/** A signed decimal in the customer's currency with at most two decimals: "2.50" adds, "-2,50" takes off. */
export const adjustmentAmountPattern = /^-?\d{1,10}([.,]\d{1,2})?$/;

/** An amount that moves nothing ("0", "-0.00"): refused by the form before it is sent. */
export function isZeroAmount(amount: string): boolean {
  return /^-?0+([.,]0+)?$/.test(amount.trim());
}

const codeList = z
  .array(z.string().trim().min(1).max(300), { error: 'invalidValue' })
  .min(1, { error: 'required' })
  .max(2000, { error: 'tooLong' });

/** POST /ops/checkins. */
export const checkInBody = z.strictObject({
  /** The sender's idempotency key: the same key again answers as the first time, crediting nothing twice. */
  id: recordId.optional(),
  codes: codeList,
  note: text(200).optional(),
});
export type CheckInRequest = z.input<typeof checkInBody>;

/** POST /ops/rejections. */
export const rejectBody = z
  .strictObject({
    codes: codeList,
    /** The operator's words; after the preset reason when one is picked. */
    reason: text(300).optional(),
    /** A reason from the list, which each customer reads in their own language. */
    reason_code: z.enum(rejectReasonCodes, { error: 'invalidValue' }).optional(),
  })
  .refine((body) => body.reason !== undefined || body.reason_code !== undefined, { path: ['reason'], error: 'required' });
export type RejectRequest = z.input<typeof rejectBody>;

/**
 * The check-in's typed code, as the console's form checks it before the code joins the batch: a
 * container code, or a label's whole QR address pasted (read as the camera reads it, so only this
 * site's labels). Answers the code as the batch holds it.
 */
export function typedCodeForm(ownOrigin: string) {
  return z.strictObject({
    code: z.string({ error: 'containerCodeMissing' }).transform((value, context) => {
      const typed = value.trim();
      const checked = typed.includes('/') ? parseScannedPayload(typed, ownOrigin) : validateContainerCode(typed);
      if (checked.ok) return checked.code;
      const key =
        checked.problem === 'empty'
          ? 'containerCodeMissing'
          : checked.problem === 'checksum'
            ? 'containerCodeTypo'
            : 'containerCodeInvalid';
      context.addIssue({ code: 'custom', message: key });
      return z.NEVER;
    }),
  });
}

/** POST /ops/cancellations: one pending scan, by its id or its container's code. */
export const cancelBody = z
  .strictObject({
    scan_id: recordId.optional(),
    code: z.string().trim().min(1).max(300).optional(),
    reason: text(300).optional(),
  })
  .refine((body) => (body.scan_id === undefined) !== (body.code === undefined), { path: ['scan_id'], error: 'required' });
export type CancelScanRequest = z.input<typeof cancelBody>;

/** POST /ops/adjustments: the customer by account id or email. */
export const adjustBody = z
  .strictObject({
    id: recordId.optional(),
    user_id: recordId.optional(),
    email: z.string().trim().min(3).max(254).optional(),
    amount: z.string({ error: 'required' }).trim().regex(adjustmentAmountPattern, { error: 'invalidValue' }),
    comment: text(500),
  })
  .refine((body) => body.user_id !== undefined || body.email !== undefined, { path: ['user_id'], error: 'required' });
export type AdjustmentRequest = z.input<typeof adjustBody>;

/** POST /ops/containers/lookup. */
export const containersLookupBody = z.strictObject({ codes: codeList });
/** POST /ops/containers: new labels for a product. */
export const containersBody = z.strictObject({ product_id: text(100), count: z.number().int().min(1).max(1000) });
/** POST /ops/claims/{id}/award and /dismiss. */
export const claimResolutionBody = z.strictObject({ note: text(500).optional() });
export type ClaimResolutionRequest = z.input<typeof claimResolutionBody>;

/** POST /ops/disputes/{id}/credit: the answer the customer reads is optional when crediting. */
export const disputeCreditBody = z.strictObject({ answer: text(500).optional() });
/** POST /ops/disputes/{id}/uphold: a refusal always says why. */
export const disputeUpholdBody = z.strictObject({ answer: text(500) });
export type DisputeCreditRequest = z.input<typeof disputeCreditBody>;
export type DisputeUpholdRequest = z.input<typeof disputeUpholdBody>;

/** PUT /ops/content/{locale}/{namespace}/{key}: a page text's draft. */
export const pageTextDraftBody = z.strictObject({
  text: text(maxDraftLength),
});
/** POST /ops/content/{locale}/publish: every draft, or one namespace's. */
export const pageTextPublishBody = z.strictObject({ namespace: z.enum(contentNamespaces, { error: 'invalidValue' }).optional() });
/** GET /ops/missing-texts. */
export const missingTextsQuery = z.strictObject({
  locale: z.enum(missingTextLanguages, { error: 'invalidValue' }).optional(),
  limit: z.coerce.number({ error: 'invalidValue' }).int().min(1).max(1000).default(200),
});

/** GET /ops/data-requests. */

/** POST /ops/payouts/{id}/complete: the bank's or PayPal's own reference, when finance has it. */
export const payoutCompleteBody = z.strictObject({ reference: z.string().trim().min(1).max(200).optional() });
/** POST /ops/payouts/{id}/fail: the money goes back to the customer, who reads the reason. */
export const payoutFailBody = z.strictObject({
  reason: text(300),
  status: z.enum(['FAILED', 'CANCELLED'], { error: 'invalidValue' }).default('FAILED'),
});
/** POST /ops/payouts/export. */
export const payoutExportBody = z.strictObject({
  /** An earlier batch, written again (its payouts still pending); absent: a new batch. */
  repeat_batch: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,40}$/, { error: 'invalidValue' })
    .optional(),
});
/** POST /ops/payouts/reconcile: a bank's or PayPal's answer file, as uploaded. */
export const payoutReconcileBody = z.strictObject({
  /**
   * The answer file as uploaded: its text (UTF-8; a byte-order mark is ignored), or with `encoding`
   * `base64` its bytes, as a Zengin result file in Shift_JIS must be sent.
   */
  content: z.string({ error: 'required' }).min(1, { error: 'required' }),
  encoding: z.enum(['utf-8', 'base64'], { error: 'invalidValue' }).default('utf-8'),
});
export type PayoutCompleteRequest = z.input<typeof payoutCompleteBody>;
export type PayoutFailRequest = z.input<typeof payoutFailBody>;
