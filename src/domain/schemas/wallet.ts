import { z } from 'zod';
import { moneySchema } from './money';
import { disputeSummarySchema } from './disputes';
import { countryCodeField, keyed } from './fields';
import { apiErrorAnswer } from './error-answers';
import { transactionCategories, transactionStatuses } from '../transactions';

/** Deposit wallet: catalogue, scans, balance and history, shared by app and server. */

export const containerTypes = ['bottle', 'jar', 'cup', 'tub', 'pot', 'box', 'growler', 'pump_bottle', 'tin'] as const;
export type ContainerType = (typeof containerTypes)[number];

/** A competing claim on a container (src/server/modules/wallet/claims.ts): open until an operator decides. */
export const claimStatuses = ['OPEN', 'AWARDED', 'DISMISSED'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

/** A scan may wait offline in the outbox; older than this, the server refuses it. */
export const maxScanAgeDays = 7;
/** Phones' clocks drift: a scan up to this far in the future is taken as now. */
export const scanClockSkewSeconds = 300;

// --- Catalogue ---------------------------------------------------------------

export const productsQuery = z.object({ country_code: countryCodeField });
export type ProductsQuery = z.infer<typeof productsQuery>;

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string(),
  container_type: z.enum(containerTypes),
  deposit: moneySchema,
});
export type Product = z.infer<typeof productSchema>;
export const productsResponse = z.object({ data: z.array(productSchema) });

// --- Scans --------------------------------------------------------------------

/** POST /scans: `code` is the bare code as typed or the QR payload URL. */
export const scanBody = z.strictObject({
  id: z.uuid({ error: keyed('invalidValue') }),
  code: z
    .string({ error: keyed('invalidValue') })
    .trim()
    .min(1, { error: 'required' })
    .max(300, { error: 'tooLong' }),
  scanned_at: z.iso.datetime({ offset: true, error: keyed('invalidValue') }),
});
export type ScanBody = z.infer<typeof scanBody>;

export const scanStatuses = ['PENDING', 'COMPLETED', 'REJECTED', 'CANCELLED'] as const;
export type ScanStatus = (typeof scanStatuses)[number];

export const scanSchema = z.object({
  id: z.string(),
  code: z.string(),
  status: z.enum(scanStatuses),
  scanned_at: z.string(),
  created_at: z.string(),
  product: productSchema,
});
export type Scan = z.infer<typeof scanSchema>;
export const scanResponse = z.object({ data: scanSchema });

/**
 * The most scans one POST /scans/batch carries: what one camera frame may give
 * (src/app/lib/camera/max-codes.ts), so a frame's codes go to the server in one call.
 */
export const maxScansPerBatch = 12;

/** POST /scans/batch: scans read together, each as POST /scans takes it (its own id, its own idempotency). */
export const scanBatchBody = z.strictObject({
  scans: z.array(scanBody).min(1, { error: 'required' }).max(maxScansPerBatch, { error: 'tooLong' }),
});
export type ScanBatchBody = z.infer<typeof scanBatchBody>;

/**
 * One scan's answer in a batch: the status POST /scans would have given it alone (201 recorded,
 * 200 a retry of a recorded scan, or its error's) with the scan or the error, in the order sent.
 */
export const scanBatchItem = z.object({
  id: z.string(),
  status: z.number().int(),
  data: z.optional(scanSchema),
  error: z.optional(apiErrorAnswer.shape.error),
});
export type ScanBatchItem = z.infer<typeof scanBatchItem>;
export const scanBatchResponse = z.object({ data: z.array(scanBatchItem) });

/**
 * How the app and the service worker read that answer: only what decides each entry's fate (its
 * status, and an error as readErrorAnswer reads it), so an error code newer than a phone's app
 * does not make the whole answer unreadable.
 */
export const scanBatchReading = z.object({
  data: z.array(z.object({ id: z.string(), status: z.number().int(), error: z.optional(z.unknown()) })),
});

// --- Balance --------------------------------------------------------------------

export const balanceSchema = z.object({
  /** What the customer can withdraw: the sum of their ledger. */
  balance: moneySchema,
  /** Deposits of the containers scanned and waiting for check-in or under review (not yet in the balance). */
  pending_deposit: moneySchema,
  /** Containers scanned and waiting for check-in, those under review (someone else scanned them first) included. */
  pending_items: z.number().int().nonnegative(),
  /** Containers checked in and credited, ever. */
  returned_items: z.number().int().nonnegative(),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balanceResponse = z.object({ data: balanceSchema });

// --- Transaction history ----------------------------------------------------------

export const transactionItemSchema = z.object({
  product_id: z.string(),
  image_url: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int().positive(),
  /** The deposit of one item. */
  price: moneySchema,
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

export const transactionSchema = z.object({
  /** Stable across pages and refreshes, e.g. `scan-batch:<uuid>`, `scan-pending:2026-11-20`. */
  id: z.string(),
  created_at: z.string(),
  category: z.enum(transactionCategories),
  status: z.enum(transactionStatuses),
  /** Signed: credits positive, debits negative. Pending and rejected scans carry the deposits at stake. */
  amount: moneySchema,
  comment: z.string().nullable(),
  items: z.array(transactionItemSchema),
  /** SCAN rows: how many scans the row stands for; null for other categories. */
  number_of_scans: z.number().int().nullable(),
  /** WITHDRAWAL rows: the fee taken; null otherwise. */
  price: moneySchema.nullable(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  /** A disputed scan's row: the dispute's state (migration 0012); null otherwise. */
  // Defaults: answers cached on a phone before disputes existed still parse.
  dispute: disputeSummarySchema.nullable().default(null),
  /**
   * A rejected scan, or one cancelled after waiting 32 days, with no dispute yet. A PENDING SCAN
   * row may also be disputed from `disputable_from` on.
   */
  disputable: z.boolean().default(false),
  /**
   * A PENDING SCAN row (a day of scans): when it may be disputed, 32 days after the server received
   * the day's latest scan (a scan sent days late counts from its arrival, as its hold does); null
   * for other rows. Absent in answers cached before it existed.
   */
  disputable_from: z.string().nullable().default(null),
  /**
   * A claim's row (`claim:<id>`: a container someone else scanned first): OPEN while our team
   * reviews it (PENDING, the deposit at stake), DISMISSED with the reason (REJECTED, 0). An awarded
   * claim has no row of its own: its scan joins the pending day's row. Null for other rows.
   */
  claim: z.enum(['OPEN', 'DISMISSED']).nullable().default(null),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionSorts = ['-created_at', 'created_at', '-amount', 'amount'] as const;
export type TransactionSort = (typeof transactionSorts)[number];

const upper = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);

/** GET /merged_transactions query (1000 per page and page 1 by default). */
export const transactionsQuery = z.strictObject({
  items_per_page: z.coerce
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'invalidValue' })
    .max(1000, { error: 'invalidValue' })
    .default(1000),
  page: z.coerce
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(1, { error: 'invalidValue' })
    .max(1_000_000, { error: 'invalidValue' })
    .default(1),
  type: z.preprocess(upper, z.enum(transactionCategories, { error: 'invalidValue' })).optional(),
  status: z.preprocess(upper, z.enum(transactionStatuses, { error: 'invalidValue' })).optional(),
  sort_by: z.enum(transactionSorts, { error: 'invalidValue' }).default('-created_at'),
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

export const transactionsResponse = z.object({
  data: z.array(transactionSchema),
  meta: z.object({ page: z.number().int(), items_per_page: z.number().int(), total: z.number().int() }),
});
export type TransactionsPage = z.infer<typeof transactionsResponse>;
