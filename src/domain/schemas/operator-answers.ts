import { z } from 'zod';
import { countryCodes, currencies } from '../markets';
import { paymentMethods } from '../payment-methods';
import { disputeReasons, disputeSchema } from './disputes';
import { moneySchema } from './money';
import { approvalSchema, operatorSchema } from './operators';
import { withdrawalSchema } from './payments';

/**
 * Answers of the /ops calls about customers' containers, disputes and payouts (declared by the
 * server's routes), and the parts of the passkey options the console reads. Apart from
 * operators.ts, which the customer app imports too (the editor's session of a draft preview):
 * these pull in the dispute and payment schemas, which a customer's first load does not need.
 */

/** The scan that held a container first, as claims and check-ins name it. */
export const firstScanSchema = z.object({
  scan_id: z.string(),
  user_id: z.string(),
  status: z.string(),
  scanned_at: z.string(),
  received_at: z.string(),
});

/** A competing claim on a container (GET /ops/claims, and each dispute's claims). */
export const claimSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(['OPEN', 'AWARDED', 'DISMISSED']),
  user_id: z.string(),
  email: z.string().nullable(),
  scanned_at: z.string(),
  received_at: z.string(),
  first_scan: firstScanSchema,
  note: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type Claim = z.infer<typeof claimSchema>;

/** A claim in care's list (GET /ops/claims), with its claimant's open and lately refused claims. */
export const listedClaimSchema = claimSchema.extend({
  claimant: z.object({
    open_claims: z.number().int(),
    /** Containers the account was refused a claim on in the last 30 days (too many open at once). */
    refused_claims: z.number().int(),
    /** refused_claims reached the server's threshold (CLAIM_REFUSALS_FLAG). */
    flagged: z.boolean(),
  }),
});
export type ListedClaim = z.infer<typeof listedClaimSchema>;

/** POST /ops/checkins: what became of each code of the batch. */
export const checkInResultSchema = z.object({
  batch_id: z.string().nullable(),
  checked_in: z.array(
    z.object({ code: z.string(), scan_id: z.string(), user_id: z.string(), product_id: z.string(), deposit: moneySchema }),
  ),
  not_pending: z.array(z.string()),
  expired: z.array(z.string()),
  held: z.array(z.string()),
  competing_claims: z.array(
    z.object({
      code: z.string(),
      first_scan: firstScanSchema,
      claims: z.array(z.object({ id: z.string(), user_id: z.string(), scanned_at: z.string(), received_at: z.string() })),
    }),
  ),
  unknown: z.array(z.string()),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

/** POST /ops/rejections: the scans rejected, and the codes that had nothing pending or are not ours. */
export const rejectResultSchema = z.object({
  rejected: z.array(z.object({ code: z.string(), scan_id: z.string(), user_id: z.string() })),
  not_pending: z.array(z.string()),
  unknown: z.array(z.string()),
});
export type RejectResult = z.infer<typeof rejectResultSchema>;

/** POST /ops/checkins/{batch_id}/undo: the batch's scans back to pending, its credits taken back. */
export const checkInUndoResultSchema = z.object({
  batch_id: z.string(),
  undone_at: z.string(),
  scans: z.number().int(),
  customers: z.number().int(),
});
export type CheckInUndoResult = z.infer<typeof checkInUndoResultSchema>;

/**
 * GET /ops/checkins/recent: one of the operator's own check-ins of the last 15 minutes, newest
 * first, with what it credited; `undone_at` once undone, and until when it may be.
 */
export const recentCheckInSchema = z.object({
  batch_id: z.string(),
  created_at: z.string(),
  undo_until: z.string(),
  undone_at: z.string().nullable(),
  /** Containers credited (or, once undone, put back to pending). */
  containers: z.number().int(),
  customers: z.number().int(),
  /** The deposits credited, one amount per currency. */
  deposits: z.array(moneySchema),
});
export type RecentCheckIn = z.infer<typeof recentCheckInSchema>;

/** POST /ops/containers/lookup: what each issued code of a batch is, in the caller's language. */
export const containerLookupSchema = z.object({
  code: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  deposit: moneySchema,
});
export type ContainerLookup = z.infer<typeof containerLookupSchema>;

/** A dispute as care reads it (GET /ops/disputes): the customer, the scans at stake and any competing claims. */
export const operatorDisputeSchema = disputeSchema.extend({
  user_id: z.string(),
  email: z.string().nullable(),
  /** The customer's language (a locale such as fr-CA): the one care's answer is read in. */
  locale: z.string(),
  scans: z.array(
    z.object({
      scan_id: z.string(),
      code: z.string(),
      product_id: z.string(),
      status: z.string(),
      reason: z.string().nullable(),
      scanned_at: z.string(),
    }),
  ),
  claims: z.array(claimSchema),
});
export type OperatorDispute = z.infer<typeof operatorDisputeSchema>;

/** A withdrawal waiting to be paid (GET /ops/payouts). */
export const pendingPayoutSchema = withdrawalSchema.extend({
  user_id: z.string(),
  payout_reference: z.string(),
  exported_at: z.string().nullable(),
  export_batch: z.string().nullable(),
  /** When it was paid, failed or cancelled; null while pending. */
  resolved_at: z.string().nullable(),
  /** Why it failed or was cancelled, as the customer reads it. */
  reason: z.string().nullable(),
  /** The bank's or PayPal's reference of a paid one, when it gave one. */
  provider_reference: z.string().nullable(),
  /**
   * A PayPal payout's receiver, the whole email, for a finance person signed in to the console
   * only (never to a token or the CLI); `account_number` keeps the masked form for everyone.
   */
  receiver_email: z.string().optional(),
});
export type PendingPayout = z.infer<typeof pendingPayoutSchema>;

const userVerification = z.enum(['discouraged', 'preferred', 'required']);
const credentialDescriptor = z.object({ id: z.string(), type: z.string(), transports: z.array(z.string()).optional() });
const credentialHints = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional();

/**
 * The WebAuthn creation options inside `passkeyOptionsSchema` (POST /ops/passkeys/registration-options),
 * read by the console before it hands them to the browser. Extensions are not read: the browser
 * works without them, and their shape is the browser's to define.
 */
export const passkeyCreationOptionsSchema = z.object({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
  timeout: z.number().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: userVerification.optional(),
    })
    .optional(),
  hints: credentialHints,
  attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
});

/** The WebAuthn request options inside `passkeyOptionsSchema` (POST /ops/session/passkey-options). */
export const passkeyRequestOptionsSchema = z.object({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: userVerification.optional(),
  hints: credentialHints,
});

/** POST /ops/payouts/export: the batch and its files (CSV, bank details in clear) for the finance operator's device. */
export const payoutFilesSchema = z.object({
  batch: z.string(),
  repeated: z.boolean(),
  payouts: z.number().int(),
  /** UTF-8 text as it is; a file in another encoding (Zengin: Shift_JIS) as base64 of its bytes. */
  files: z.array(z.object({ name: z.string(), content: z.string(), encoding: z.enum(['utf-8', 'base64']) })),
});
export type PayoutFiles = z.infer<typeof payoutFilesSchema>;

/** One payout a bank's or PayPal's answer names, as reconcile read it. */
const reconcileLineSchema = z.object({
  /** As the answer writes it: a payout reference, its first 15 characters (NACHA), or anything else. */
  reference: z.string(),
  /** The bank's reason code (AC04, R03…) or PayPal's item status; empty when the answer gives none. */
  code: z.string(),
  outcome: z.enum(['paid', 'failed']),
  /** The payout's whole reference when one was found. */
  payout: z.string().optional(),
});
export type ReconcileLine = z.infer<typeof reconcileLineSchema>;

/** The answers reconcile reads, each told by its content (docs/operators.md, Settling from the bank's answer). */
export const bankAnswerFormats = ['pain.002', 'nacha-returns', 'camt.054', 'paypal-payouts-report', 'zengin-results'] as const;
export type BankAnswerFormat = (typeof bankAnswerFormats)[number];

/** POST /ops/payouts/reconcile: what the uploaded answer settled, had settled before, and could not match. */
export const reconciliationSchema = z.object({
  format: z.enum(bankAnswerFormats),
  settled: z.array(reconcileLineSchema),
  already_settled: z.array(reconcileLineSchema),
  unmatched: z.array(reconcileLineSchema),
  conflicts: z.array(reconcileLineSchema),
  in_progress: z.array(reconcileLineSchema),
  refused_whole: z.array(z.object({ id: z.string(), code: z.string() })),
});
export type ReconciliationAnswer = z.infer<typeof reconciliationSchema>;

/** POST /ops/claims/{id}/award|dismiss: the claim as resolved, and the claimant's pending scan when awarded. */
export const resolvedClaimSchema = z.object({ claim: claimSchema, scan_id: z.string().nullable() });
export type ResolvedClaim = z.infer<typeof resolvedClaimSchema>;

/** POST /ops/cancellations: the pending scan, now cancelled. */
export const cancelledScanSchema = z.object({ scan_id: z.string(), code: z.string(), user_id: z.string(), status: z.literal('CANCELLED') });
export type CancelledScan = z.infer<typeof cancelledScanSchema>;

/** POST /ops/adjustments (201, or 200 for a retry of the same id): the entry and the customer's balance after it. */
export const balanceAdjustmentSchema = z.object({
  id: z.number().int(),
  user_id: z.string(),
  amount: moneySchema,
  comment: z.string(),
  balance: moneySchema,
  created_at: z.string(),
});
export type BalanceAdjustment = z.infer<typeof balanceAdjustmentSchema>;

/**
 * A data-subject request as care reads it (GET /ops/dsar, POST /ops/dsar/{id}/close): `due_at` is one
 * calendar month after receipt, `overdue` the server's reading of it. Name and email are null once
 * the person's account was deleted.
 */
export const operatorDataRequestSchema = z.object({
  id: z.string(),
  kind: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  country_code: z.string(),
  locale: z.string(),
  message: z.string().nullable(),
  received_at: z.string(),
  due_at: z.string(),
  closed_at: z.string().nullable(),
  overdue: z.boolean(),
});
export type OperatorDataRequest = z.infer<typeof operatorDataRequestSchema>;

/**
 * The operator lists that grow with the programme (payouts, disputes, claims, approvals) come a
 * page at a time: `limit` rows, then `meta.next_cursor` to ask for the rows after the last one
 * shown (null at the end). The cursor is opaque: a client sends back what it was given. The totals
 * count the whole list as filtered, not the page (docs/api.md, Pages of operator lists). They live here, beside the lists' schemas, so that
 * the console's chunk evaluates them together.
 */

/** What a client sends back; the server reads it (a cursor it did not make is 400 INVALID_CURSOR). */
export const pageCursorSchema = z.string({ error: 'invalidValue' }).max(200, { error: 'invalidValue' });

/** `limit` and `cursor` of a list's query string: `max` as each list always allowed, pages of `size` by default. */
export function pageQueryFields(size: number, max: number) {
  return {
    limit: z.coerce.number({ error: 'invalidValue' }).int().min(1).max(max).default(size),
    cursor: pageCursorSchema.optional(),
  };
}

/** A list that has amounts can be narrowed to one currency. */
export const currencyFilter = z.enum(currencies, { error: 'invalidValue' }).optional();

/** Pages the console asks for. */
export const operatorPageSize = 50;

export const listTotalsSchema = z.object({
  /** How many rows the whole list has, as filtered. */
  count: z.number().int(),
  /** Their amounts added up, one per currency (none for a list without amounts). */
  amounts: z.array(moneySchema),
});
export type ListTotals = z.infer<typeof listTotalsSchema>;

export const pageMetaSchema = z.object({ next_cursor: z.string().nullable(), totals: listTotalsSchema });
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** `{ data: [...], meta: { next_cursor, totals } }`. */
export function pageAnswer<Item extends z.ZodType>(item: Item) {
  return z.object({ data: z.array(item), meta: pageMetaSchema });
}

// The operator lists, a page at a time: what each list's query string takes, and its answer.

/** GET /ops/operators: operators, the newest invited first; totals count them. */
export const operatorsQuery = z.strictObject(pageQueryFields(operatorPageSize, 1000));
export type OperatorsQuery = z.input<typeof operatorsQuery>;
export const operatorsPage = pageAnswer(operatorSchema);
export type OperatorsPage = z.infer<typeof operatorsPage>;

/**
 * GET /ops/dsar: data-subject requests, open ones (or all) nearest deadline first; totals count them,
 * and `overdue` says how many of the whole list are past their deadline.
 */
export const dataRequestsQuery = z.strictObject({
  status: z.enum(['open', 'all']).default('open'),
  ...pageQueryFields(operatorPageSize, 1000),
});
export type DataRequestsQuery = z.input<typeof dataRequestsQuery>;
export const dataRequestsPage = z.object({
  data: z.array(operatorDataRequestSchema),
  meta: pageMetaSchema.extend({ overdue: z.number().int() }),
});
export type DataRequestsPage = z.infer<typeof dataRequestsPage>;

/**
 * GET /ops/containers/unscanned: issued codes nobody scanned yet, oldest issued first (to try the
 * scanner, or to find labels printed and never used). A tool's list, not work waiting: no totals.
 */
export const unscannedQuery = z.strictObject({
  country_code: z.enum(countryCodes, { error: 'invalidValue' }).optional(),
  ...pageQueryFields(20, 1000),
});
export type UnscannedQuery = z.input<typeof unscannedQuery>;
export const unscannedPage = z.object({
  data: z.array(z.object({ code: z.string(), product_id: z.string(), country_code: z.string() })),
  meta: z.object({ next_cursor: z.string().nullable() }),
});
export type UnscannedPage = z.infer<typeof unscannedPage>;

/** What an operator types to find an item of a list: part of the customer's email, an id, a container code. */
export const listSearch = z
  .string({ error: 'invalidValue' })
  .trim()
  .min(1, { error: 'invalidValue' })
  .max(200, { error: 'tooLong' })
  .optional();

/**
 * GET /ops/payouts: pending payouts oldest first, or settled ones (paid, failed, cancelled) newest
 * settled first; narrowed by market, method, currency, export batch, and a search (`q`: the payout
 * reference, or part of the customer's email). Totals are what the list as narrowed pays out, per currency.
 */
export const payoutsQuery = z.strictObject({
  status: z.enum(['pending', 'settled'], { error: 'invalidValue' }).default('pending'),
  ...pageQueryFields(operatorPageSize, 1000),
  currency: currencyFilter,
  market: z.enum(countryCodes, { error: 'invalidValue' }).optional(),
  method: z.enum(paymentMethods, { error: 'invalidValue' }).optional(),
  batch: z.string({ error: 'invalidValue' }).trim().min(1, { error: 'invalidValue' }).max(100, { error: 'tooLong' }).optional(),
  q: listSearch,
});
export type PayoutsQuery = z.input<typeof payoutsQuery>;
export const payoutsPage = pageAnswer(pendingPayoutSchema);

/**
 * GET /ops/disputes: open disputes oldest first (the order they are worked through), resolved ones
 * newest resolved first (the history), or all oldest first; narrowed by a search (`q`: part of the
 * customer's email, the dispute's id, or a container code at stake), a reason, a currency. Totals
 * are the deposits at stake in the list as narrowed.
 */
export const disputesQuery = z.strictObject({
  status: z.enum(['open', 'resolved', 'all'], { error: 'invalidValue' }).default('open'),
  ...pageQueryFields(operatorPageSize, 1000),
  currency: currencyFilter,
  q: listSearch,
  reason: z.enum(disputeReasons, { error: 'invalidValue' }).optional(),
});
export type DisputesQuery = z.input<typeof disputesQuery>;
export const disputesPage = pageAnswer(operatorDisputeSchema);

/**
 * GET /ops/claims: open claims oldest first, resolved ones newest resolved first, or all oldest
 * first; narrowed by a search (`q`: part of the claimant's email, the claim's id, or the container
 * code). Totals count them (a claim has no amount).
 */
export const claimsQuery = z.strictObject({
  status: z.enum(['open', 'resolved', 'all'], { error: 'invalidValue' }).default('open'),
  ...pageQueryFields(operatorPageSize, 1000),
  q: listSearch,
});
export type ClaimsQuery = z.input<typeof claimsQuery>;
export const claimsPage = pageAnswer(listedClaimSchema);

/** GET /ops/approvals: requests waiting for a second operator (or all) newest first; totals are the amounts asked for. */
export const approvalsQuery = z.strictObject({
  status: z.enum(['pending', 'all'], { error: 'invalidValue' }).default('pending'),
  ...pageQueryFields(operatorPageSize, 500),
  currency: currencyFilter,
});
export type ApprovalsQuery = z.input<typeof approvalsQuery>;
export const approvalsPage = pageAnswer(approvalSchema);
export type PayoutsPage = z.infer<typeof payoutsPage>;
export type DisputesPage = z.infer<typeof disputesPage>;
export type ClaimsPage = z.infer<typeof claimsPage>;
export type ApprovalsPage = z.infer<typeof approvalsPage>;

/**
 * GET /ops/waiting: how many items wait in each list the caller's roles open (the console's badges):
 * open disputes and claims and pending approvals for care, pending payouts for finance.
 */
export const waitingWorkSchema = z.object({
  data: z.array(z.object({ area: z.enum(['disputes', 'claims', 'approvals', 'payouts']), count: z.number().int() })),
});
export type WaitingWork = z.infer<typeof waitingWorkSchema>['data'];
