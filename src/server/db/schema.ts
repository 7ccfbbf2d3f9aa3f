import type { Language } from '#domain/locales';
import type { Currency } from '#domain/markets';
import type { PaymentMethod } from '#domain/payment-methods';
import type { DisputeReason, DisputeStatus } from '#domain/schemas/disputes';
import type { NewsKind } from '#domain/schemas/notifications';
import type { OperatorApprovalNotice, OperatorDigestNotice } from '#domain/schemas/operator-notices';
import type { ApprovalAction, ApprovalStatus, OperatorRole, OperatorStatus } from '#domain/schemas/operators';
import type { WithdrawalStatus } from '#domain/schemas/payments';
import type { ClaimStatus, ScanStatus } from '#domain/schemas/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the account is deleted: the row stays for the ledger, the person does not. */
    email: text('email'),
    passwordHash: text('password_hash'),
    name: text('name'),
    countryCode: text('country_code').notNull(),
    locale: text('locale').notNull(),
    zipCode: text('zip_code'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key')
      .on(table.email)
      .where(sql`${table.email} is not null`),
  ],
);

/** One login on one device: refresh tokens rotate inside it; reuse revokes all of it. */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('session_families_user_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token was exchanged; a later exchange of it is a reuse. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_family_idx').on(table.familyId)],
);

export const accessTokens = pgTable(
  'access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => sessionFamilies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('access_tokens_family_idx').on(table.familyId)],
);

export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_verification_codes_user_idx').on(table.userId, table.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('password_reset_tokens_user_idx').on(table.userId)],
);

// ---------------------------------------------------------------------------
// Deposit wallet: catalogue, containers, scans, ledger.

/** A product sold in a reusable container in one market, with its deposit in minor units. */
export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    containerType: text('container_type').notNull(),
    nameEn: text('name_en').notNull(),
    nameFr: text('name_fr').notNull(),
    nameJa: text('name_ja').notNull(),
    imageUrl: text('image_url').notNull(),
    depositMinor: integer('deposit_minor').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('products_country_idx').on(table.countryCode, table.sortOrder),
    check('products_deposit_positive', sql`${table.depositMinor} > 0`),
  ],
);

/** Every issued container code and the product it belongs to. */
export const containers = pgTable(
  'containers',
  {
    code: text('code').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    createdAt: createdAt(),
    /** When the container was first scanned, set by a trigger on scans (migration 0036); null while nobody has. */
    firstScannedAt: timestamp('first_scanned_at', { withTimezone: true }),
  },
  (table) => [
    index('containers_product_idx').on(table.productId),
    // GET /ops/containers/unscanned, a page at a time: the codes nobody scanned, oldest issued first.
    index('containers_unscanned_idx')
      .on(table.createdAt, table.code)
      .where(sql`${table.firstScannedAt} is null`),
  ],
);

/** One facility check-in: a batch of containers received together. */
export const checkinBatches = pgTable(
  'checkin_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    note: text('note'),
    createdAt: createdAt(),
    /** When an operator undid the batch: its scans went back to pending and its credits were taken back. */
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    /** How many scans the undo put back to pending (they no longer name the batch). */
    undoneScans: integer('undone_scans'),
    /**
     * Who checked the batch in (the actor's person, `operator:<id>`), for the operator's own recent
     * batches; null for batches made before it was recorded.
     */
    checkedInBy: text('checked_in_by'),
  },
  (table) => [index('checkin_batches_by_idx').on(table.checkedInBy, table.createdAt)],
);

/**
 * A check-in sent with an idempotency key (the console's kept batches, sent again after a lost
 * answer): the first answer, given again to the same person's same key, so a batch is never
 * credited twice and its sender learns what the first send did.
 */
export const checkinRequests = pgTable(
  'checkin_requests',
  {
    person: text('person').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    batchId: uuid('batch_id').references(() => checkinBatches.id),
    answer: jsonb('answer').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ name: 'checkin_requests_pkey', columns: [table.person, table.idempotencyKey] })],
);

/**
 * A customer's scan of a container, keyed by the id the client generated
 * (retries are the same row). PENDING until a check-in completes or rejects it,
 * or customer care cancels it.
 */
export const scans = pgTable(
  'scans',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    containerCode: text('container_code')
      .notNull()
      .references(() => containers.code),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    status: text('status').$type<ScanStatus>().notNull().default('PENDING'),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** The deposit credited at check-in (the product's deposit then); null otherwise. */
    creditedMinor: integer('credited_minor'),
    checkinBatchId: uuid('checkin_batch_id').references(() => checkinBatches.id),
    /** Why it was rejected or cancelled: the customer sees it as the row's comment. */
    reason: text('reason'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // A container is pending for one scan at most, whoever scanned it, under any concurrency.
    uniqueIndex('scans_one_pending_per_container')
      .on(table.containerCode)
      .where(sql`${table.status} = 'PENDING'`),
    index('scans_user_status_idx').on(table.userId, table.status, table.scannedAt),
    index('scans_user_batch_idx').on(table.userId, table.checkinBatchId),
    // The impact figures count completed returns per product (migration 0014).
    index('scans_product_completed_idx')
      .on(table.productId, table.userId)
      .where(sql`${table.status} = 'COMPLETED'`),
    check('scans_status_valid', sql`${table.status} in ('PENDING', 'COMPLETED', 'REJECTED', 'CANCELLED')`),
    check(
      'scans_completed_has_credit',
      sql`(${table.status} = 'COMPLETED') = (${table.creditedMinor} is not null and ${table.checkinBatchId} is not null)`,
    ),
  ],
);

/**
 * A second person scanning a container that someone else's scan holds (PENDING): recorded, not
 * silently refused, and kept for operators until one resolves it (ops claims). A code seen on a
 * shelf and scanned first is then not the end of the story for whoever really returns it.
 * One row per person and pending scan, however often they scan again.
 */
export const scanClaims = pgTable(
  'scan_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    containerCode: text('container_code')
      .notNull()
      .references(() => containers.code),
    /** The pending scan that held the container when this person scanned it. */
    pendingScanId: uuid('pending_scan_id')
      .notNull()
      .references(() => scans.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    /** OPEN until an operator resolves it: AWARDED (this person returned it) or DISMISSED (the first scan stands). */
    status: text('status').$type<ClaimStatus>().notNull().default('OPEN'),
    /** The operator's note on the resolution; never shown to either customer. */
    note: text('note'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Migration 0017 adds triggers: while a claim is open no scan of its container is credited (check-in or
  // dispute), nor a first scan that lost to a claim, and no claim is awarded once its first scan was credited.
  (table) => [
    uniqueIndex('scan_claims_one_per_person').on(table.pendingScanId, table.userId),
    index('scan_claims_code_idx').on(table.containerCode),
    index('scan_claims_user_idx').on(table.userId),
    // One container trip pays one person: a first scan loses to one claim at most.
    uniqueIndex('scan_claims_one_award_per_scan')
      .on(table.pendingScanId)
      .where(sql`${table.status} = 'AWARDED'`),
    index('scan_claims_open_code_idx')
      .on(table.containerCode)
      .where(sql`${table.status} = 'OPEN'`),
    // Care's list, a page at a time (GET /ops/claims): open ones, or all.
    index('scan_claims_open_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'OPEN'`),
    index('scan_claims_created_idx').on(table.createdAt, table.id),
    // The resolved tab, newest resolved first (migration 0031).
    index('scan_claims_resolved_idx')
      .on(table.resolvedAt, table.id)
      .where(sql`${table.status} <> 'OPEN'`),
    check('scan_claims_status_valid', sql`${table.status} in ('OPEN', 'AWARDED', 'DISMISSED')`),
    check('scan_claims_resolved_when_closed', sql`(${table.status} = 'OPEN') = (${table.resolvedAt} is null)`),
  ],
);

/**
 * The ledger: append-only (a trigger refuses UPDATE and DELETE), amounts in minor
 * units of the customer's currency, signed. A trigger keeps `balances` in step.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** DEPOSIT_CREDIT (a check-in batch), DEPOSIT_REVERSAL (its undo, negative), ADJUSTMENT, WITHDRAWAL (a request, negative), WITHDRAWAL_REVERSAL (its money back). */
    kind: text('kind').notNull(),
    checkinBatchId: uuid('checkin_batch_id').references(() => checkinBatches.id),
    /** The client's or operator's key: a retry finds the entry instead of moving money twice. */
    idempotencyKey: text('idempotency_key'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (table) => [
    index('ledger_entries_user_idx').on(table.userId, table.kind, table.createdAt),
    uniqueIndex('ledger_entries_idempotency_key').on(table.idempotencyKey),
    uniqueIndex('ledger_entries_user_batch_key').on(table.userId, table.checkinBatchId),
    check('ledger_entries_amount_nonzero', sql`${table.amountMinor} <> 0`),
  ],
);

/** The sum of a user's ledger entries, kept by a trigger; the CHECK is the floor. */
export const balances = pgTable(
  'balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    balanceMinor: integer('balance_minor').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('balances_not_negative', sql`${table.balanceMinor} >= 0`)],
);

/**
 * Page content: one row per text of a page namespace, per locale and status. The
 * bundled texts are seeded at every start (source 'bundled'); an operator's edit (source
 * 'operator') is never overwritten by the seed. A draft row is a version not yet published.
 */
export const contentEntries = pgTable(
  'content_entries',
  {
    locale: text('locale').notNull(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    status: text('status').notNull(),
    text: text('text').notNull(),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.locale, table.namespace, table.status, table.key] }),
    check('content_entries_status', sql`${table.status} in ('published', 'draft')`),
    check('content_entries_source', sql`${table.source} in ('bundled', 'operator')`),
  ],
);

/** Messages sent with the contact form; mailed to support, kept to follow up (2 years, privacy policy). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    countryCode: text('country_code'),
    /** Set once support's mail went out; null means it is still to be forwarded. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt), index('contact_messages_email_idx').on(table.email)],
);

// ---------------------------------------------------------------------------
// Data rights: data-subject requests filed through the public form.

/**
 * A data-subject request (GDPR art. 12-22 and its equivalents): answered within one
 * month of receipt (`due_at`). Deleting an account erases the requester's name, email
 * and message from their requests and keeps the kind and dates as the record of it.
 */
export const dsarRequests = pgTable(
  'dsar_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** access, deletion, rectification or other (dsarKinds in src/domain/schemas/privacy.ts). */
    kind: text('kind').notNull(),
    name: text('name'),
    email: text('email'),
    countryCode: text('country_code').notNull(),
    locale: text('locale').notNull(),
    message: text('message'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    index('dsar_requests_open_idx').on(table.closedAt, table.dueAt),
    // GET /ops/dsar, a page at a time: (due_at, id) after the last request shown, open ones or all.
    index('dsar_requests_open_due_idx')
      .on(table.dueAt, table.id)
      .where(sql`${table.closedAt} is null`),
    index('dsar_requests_due_idx').on(table.dueAt, table.id),
    index('dsar_requests_email_idx').on(table.email),
    check('dsar_requests_kind_valid', sql`${table.kind} in ('access', 'deletion', 'rectification', 'other')`),
  ],
);

/**
 * How many data requests fall due on each day (UTC), open or closed. Triggers on dsar_requests keep it
 * (migration 0035): the list's totals and its overdue count add up one row per day instead of reading
 * every request; only the requests due today are read, to compare with the hour.
 */
export const dataRequestCounts = pgTable(
  'data_request_counts',
  {
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    open: boolean('open').notNull(),
    requests: bigint('requests', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'data_request_counts_pkey', columns: [table.dueOn, table.open] }),
    check('data_request_counts_not_negative', sql`${table.requests} >= 0`),
  ],
);

// ---------------------------------------------------------------------------
// Return bins: retailers and the bins they host.

export const retailers = pgTable('retailers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/** A return bin; operators move it by importing the same id with new coordinates. */
export const bins = pgTable(
  'bins',
  {
    id: text('id').primaryKey(),
    countryCode: text('country_code').notNull(),
    retailerId: text('retailer_id')
      .notNull()
      .references(() => retailers.id),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    details: text('details').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bins_country_idx').on(table.countryCode, table.id),
    check('bins_lat_range', sql`${table.lat} between -90 and 90`),
    check('bins_lng_range', sql`${table.lng} between -180 and 180`),
    check('bins_country_valid', sql`${table.countryCode} in ('us', 'ca', 'uk', 'fr', 'jp')`),
  ],
);

/**
 * A bin's description in one language: a Canadian bin in English and in French. `GET /bins` answers
 * the request's language, else the bin's own `details` (the text of its first import).
 */
export const binTexts = pgTable(
  'bin_texts',
  {
    binId: text('bin_id')
      .notNull()
      .references(() => bins.id, { onDelete: 'cascade' }),
    language: text('language').$type<Language>().notNull(),
    details: text('details').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.binId, table.language] }),
    check('bin_texts_language_valid', sql`${table.language} in ('en', 'fr', 'ja')`),
    check('bin_texts_details_length', sql`char_length(${table.details}) between 1 and 500`),
  ],
);

// ---------------------------------------------------------------------------
// Payment methods and withdrawals.

/**
 * A customer's payout destination, one per method. `details` is the form's data encrypted
 * (AES-256-GCM, payments/encryption.ts); `shown` is the masked field the customer sees.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** TRANSFERWISE, PAYPAL, LINE */
    method: text('method').$type<PaymentMethod>().notNull(),
    details: text('details').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.method] }),
    uniqueIndex('payment_methods_one_default')
      .on(table.userId)
      .where(sql`${table.isDefault}`),
    check('payment_methods_method_valid', sql`${table.method} in ('TRANSFERWISE', 'PAYPAL', 'LINE')`),
  ],
);

/**
 * A withdrawal request. Its money left the balance in the same transaction (a WITHDRAWAL
 * ledger entry keyed `withdrawal:<id>`); FAILED or CANCELLED returns it (`withdrawal-reversal:<id>`).
 * The (user_id, idempotency_key) pair makes a retried request find the first one.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    idempotencyKey: text('idempotency_key').notNull(),
    /** What left the balance, minor units. */
    amountMinor: integer('amount_minor').notNull(),
    /** Kept by us (Japan below 8,800 JPY); the payout is amount − fee. */
    feeMinor: integer('fee_minor').notNull().default(0),
    currency: text('currency').$type<Currency>().notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    status: text('status').$type<WithdrawalStatus>().notNull().default('PENDING'),
    /** The destination at request time, encrypted like payment_methods.details; erased with the account. */
    payoutDetails: text('payout_details'),
    accountName: text('account_name'),
    /** Masked, for the history row. */
    accountNumber: text('account_number'),
    /** Which payout adapter settles it (manual: CSV export + operator). */
    provider: text('provider').notNull().default('manual'),
    providerReference: text('provider_reference'),
    /** Shown to the customer on a FAILED or CANCELLED row. */
    reason: text('reason'),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    /**
     * The export that listed it (ops payouts export): a later export leaves it out unless that batch is
     * asked for again. Set once, by the UPDATE that claims the row, so two exports never share a row.
     */
    exportBatch: text('export_batch'),
    /**
     * What the bank or PayPal reports back: derived from the id, so it never changes, 18 characters
     * (the shortest bank reference field we meet, UK Bacs, holds 18; a UUID does not fit SEPA's 35).
     */
    payoutReference: text('payout_reference')
      .notNull()
      .generatedAlwaysAs(sql`'RT' || upper(substr(md5(id::text), 1, 16))`),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('withdrawals_user_idempotency_key').on(table.userId, table.idempotencyKey),
    uniqueIndex('withdrawals_payout_reference').on(table.payoutReference),
    index('withdrawals_export_batch_idx').on(table.exportBatch),
    index('withdrawals_user_status_idx').on(table.userId, table.status, table.createdAt),
    // GET /ops/payouts, a page at a time: (created_at, id) after the last row shown.
    index('withdrawals_pending_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'PENDING'`),
    // GET /ops/payouts?status=settled: newest settled first, (resolved_at, id) before the last row shown.
    index('withdrawals_settled_idx')
      .on(table.resolvedAt, table.id)
      .where(sql`${table.status} <> 'PENDING'`),
    // GET /ops/payouts' totals, an index-only scan: migration 0034 adds INCLUDE (amount_minor, fee_minor),
    // which drizzle cannot declare, so the pending amounts are summed without reading a payout's row.
    index('withdrawals_pending_totals_idx')
      .on(table.currency)
      .where(sql`${table.status} = 'PENDING'`),
    check(
      'withdrawals_amount_positive',
      sql`${table.amountMinor} > 0 and ${table.feeMinor} >= 0 and ${table.feeMinor} < ${table.amountMinor}`,
    ),
    check('withdrawals_status_valid', sql`${table.status} in ('PENDING', 'COMPLETED', 'FAILED', 'CANCELLED')`),
    check('withdrawals_method_valid', sql`${table.method} in ('TRANSFERWISE', 'PAYPAL', 'LINE')`),
    check('withdrawals_export_marked', sql`(${table.exportBatch} is null) = (${table.exportedAt} is null)`),
  ],
);

/**
 * A counter per customer, raised by triggers in the transaction of every write that changes what
 * the customer's calls answer (scans, ledger, withdrawals, the account, its sessions). It is the
 * validator of cached answers and ETags, and the embedded server's signal to drop what it cached
 * (each raise is also a NOTIFY on `roundtrip_customer`). No foreign key: the row is a counter, and
 * checking users on every raise would lock the account row for nothing.
 */
export const customerVersions = pgTable(
  'customer_versions',
  {
    userId: uuid('user_id').primaryKey(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
    /**
     * The customer's scans in PENDING, kept by the same triggers (migration 0037). POST /scans
     * reads it instead of counting them: below the cap it decides alone; at the cap, the scans
     * received in the last 32 days are counted, as before.
     */
    pendingScans: integer('pending_scans').notNull().default(0),
  },
  (table) => [check('customer_versions_pending_scans_not_negative', sql`${table.pendingScans} >= 0`)],
);

/**
 * The keys that sealed the bank details stored in this database, by id, each with a verifier
 * (an HMAC made with the key: proves an instance holds it, reveals nothing of it). An instance
 * starts only if it holds every key listed here; a rotation leaves one row. See payments/key-check.ts.
 */
export const paymentDataKeys = pgTable('payment_data_keys', {
  keyId: text('key_id').primaryKey(),
  verifier: text('verifier').notNull(),
  createdAt: createdAt(),
});

/**
 * A customer's history as GET /merged_transactions shows it, one row per line of the list, kept by
 * triggers on scans, ledger_entries and withdrawals in the transaction of each write (migration
 * 0010). A page is then an index range, not a merge of every scan the customer ever made. Items
 * hold product ids, quantities and credited prices; names come from products when read, in the
 * reader's language.
 */
export const historyRows = pgTable(
  'history_rows',
  {
    userId: uuid('user_id').notNull(),
    /** The row's id in the API: `scan-pending:<day>`, `scan-batch:<id>`, `scan:<id>`, `adjustment:<id>`, `withdrawal:<id>`. */
    id: text('id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    comment: text('comment'),
    numberOfScans: integer('number_of_scans'),
    feeMinor: integer('fee_minor'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    /** [{ product_id, quantity, price_minor (null: the product's deposit) }] */
    items: jsonb('items')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** `scan:` rows of a disputed scan: { id, status, reason, answer, amount_minor, created_at, resolved_at } (migration 0012). */
    dispute: jsonb('dispute'),
    /** A rejected or expired scan's row with no dispute yet (a pending day's depends on the date: the reader works it out). */
    disputable: boolean('disputable').notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('history_rows_user_created_idx').on(table.userId, table.createdAt, table.id),
  ],
);

/**
 * A customer's "this isn't right" about a rejected scan, or scans left pending past 32 days
 * (src/server/modules/disputes/README.md). Keyed by the id the phone made (a retry is the same
 * dispute). OPEN until an operator credits it (one DISPUTE_CREDIT ledger entry,
 * whose id the row keeps: unique, so never twice) or upholds the refusal with an answer.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').$type<DisputeStatus>().notNull().default('OPEN'),
    reason: text('reason').$type<DisputeReason>().notNull(),
    note: text('note'),
    /** The photo, a JPEG re-encoded on the phone (no location data), base64: both drivers hand text over alike. */
    photoJpeg: text('photo_jpeg'),
    /** The deposits at stake, minor units: what a credit pays. */
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** The operator's answer, shown to the customer. */
    answer: text('answer'),
    ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('disputes_ledger_entry_key').on(table.ledgerEntryId),
    index('disputes_user_created_idx').on(table.userId, table.createdAt),
    index('disputes_open_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'OPEN'`),
    index('disputes_created_idx').on(table.createdAt, table.id),
    // The resolved tab, newest resolved first (migration 0031).
    index('disputes_resolved_idx')
      .on(table.resolvedAt, table.id)
      .where(sql`${table.status} <> 'OPEN'`),
    check('disputes_status_valid', sql`${table.status} in ('OPEN', 'CREDITED', 'UPHELD')`),
    check('disputes_reason_valid', sql`${table.reason} in ('returned', 'not_damaged', 'wrong_container', 'other')`),
    check('disputes_amount_positive', sql`${table.amountMinor} > 0`),
    check('disputes_credited_has_entry', sql`(${table.status} = 'CREDITED') = (${table.ledgerEntryId} is not null)`),
    check('disputes_resolved_when_closed', sql`(${table.status} = 'OPEN') = (${table.resolvedAt} is null)`),
    check('disputes_upheld_has_answer', sql`${table.status} <> 'UPHELD' or ${table.answer} is not null`),
  ],
);

/**
 * How many disputes there are, and how much is at stake, per state (open or resolved), currency and
 * reason. Triggers on disputes keep it (migration 0035), so the console's totals add up a few rows
 * whatever the number of disputes, instead of reading every open one.
 */
export const disputeCounts = pgTable(
  'dispute_counts',
  {
    open: boolean('open').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    reason: text('reason').$type<DisputeReason>().notNull(),
    disputes: bigint('disputes', { mode: 'number' }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ name: 'dispute_counts_pkey', columns: [table.open, table.currency, table.reason] }),
    check('dispute_counts_not_negative', sql`${table.disputes} >= 0 and ${table.amountMinor} >= 0`),
  ],
);

/** The scans a dispute is about. The scan is the key: one dispute per scan, under any concurrency. */
export const disputeScans = pgTable(
  'dispute_scans',
  {
    scanId: uuid('scan_id')
      .primaryKey()
      .references(() => scans.id),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
  },
  // With the scan in the index, a page of disputes finds its scans without reading dispute_scans.
  (table) => [index('dispute_scans_dispute_scan_idx').on(table.disputeId, table.scanId)],
);

// ---------------------------------------------------------------------------
// Notifications: news of money that moved, and where to deliver it (modules/notifications/README.md).

/**
 * What the customer hears of: a check-in credited, a scan rejected, a withdrawal paid or not paid.
 * Written by triggers in the transaction of the change (migration 0013), so there is no money move
 * without its news and no news of a move that rolled back. The in-app list reads it; the dispatcher
 * delivers it by push and mail after commit and marks each channel handled.
 */
export const customerNews = pgTable(
  'customer_news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** SCAN_CREDITED, SCAN_REJECTED, WITHDRAWAL_PAID, WITHDRAWAL_FAILED, DISPUTE_RESOLVED, CLAIM_DECIDED. */
    kind: text('kind').$type<NewsKind>().notNull(),
    /** The history row it is about (`scan-batch:<id>`, `scan:<id>`, `withdrawal:<id>`): where a tap leads. */
    rowId: text('row_id').notNull(),
    /** What the texts need: amount_minor, currency, count, reason, outcome. */
    params: jsonb('params')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Push sent, dropped, or nothing to send it to. */
    pushHandledAt: timestamp('push_handled_at', { withTimezone: true }),
    /** Mail sent, or not wanted. */
    mailHandledAt: timestamp('mail_handled_at', { withTimezone: true }),
  },
  (table) => [
    index('customer_news_user_idx').on(table.userId, table.id),
    check(
      'customer_news_kind_valid',
      sql`${table.kind} in ('SCAN_CREDITED', 'SCAN_REJECTED', 'WITHDRAWAL_PAID', 'WITHDRAWAL_FAILED', 'DISPUTE_RESOLVED', 'CLAIM_DECIDED')`,
    ),
  ],
);

/**
 * Per customer: the mail preference, and the delivery queue's state. `due_at` is when the
 * dispatcher should next look at this customer's undelivered news (null: nothing waiting); a claim
 * moves it forward by a lease, so an instance that dies mid-delivery leaves it to the next one.
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    email: boolean('email').notNull().default(false),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** Failed delivery passes in a row (backoff). */
    attempts: integer('attempts').notNull().default(0),
    /** The last pass that sent something: the next push waits a little after it. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (table) => [
    index('notification_settings_due_idx')
      .on(table.dueAt)
      .where(sql`${table.dueAt} is not null`),
  ],
);

/**
 * A browser's Web Push subscription, made by one sign-in: it goes when that session is revoked
 * (sign-out, password change, deletion), so a shared phone stops hearing of an account signed out.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    sessionFamilyId: uuid('session_family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint), index('push_subscriptions_user_idx').on(table.userId)],
);

/**
 * What one return of a product avoids in single-use packaging, set by operators with the source
 * of the figure (an LCA, a supplier's sheet). Products without a row have no environmental figure:
 * the impact answer shows none rather than a guess. A change raises the version of every customer
 * who returned the product (their impact answer changes).
 */
export const productImpactFactors = pgTable(
  'product_impact_factors',
  {
    productId: text('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    packagingGrams: doublePrecision('packaging_grams').notNull(),
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('product_impact_factors_grams_range', sql`${table.packagingGrams} > 0 and ${table.packagingGrams} <= 100000`),
    check('product_impact_factors_source_present', sql`length(btrim(${table.source})) between 1 and 300`),
  ],
);

/**
 * Texts the app asked for and did not have (POST /locales/add/{lng}/{ns}): one row per locale,
 * namespace and key, however often it is reported, with the fallback the app showed instead.
 */
export const missingTexts = pgTable(
  'missing_texts',
  {
    locale: text('locale').notNull(),
    namespace: text('namespace').notNull(),
    key: text('key').notNull(),
    fallback: text('fallback').notNull(),
    count: integer('count').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.locale, table.namespace, table.key] }),
    index('missing_texts_last_seen_idx').on(table.lastSeenAt),
  ],
);

/**
 * The people who run the programme (docs/operators.md). INVITED until they accept the mailed link
 * (a password and an authenticator), then ACTIVE; DISABLED ends every session of theirs at once.
 */
export const operators = pgTable(
  'operators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    roles: text('roles').array().$type<OperatorRole[]>().notNull(),
    status: text('status').$type<OperatorStatus>().notNull().default('INVITED'),
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret (RFC 6238); made with the invitation, in use once accepted. */
    totpSecret: text('totp_secret').notNull(),
    /** The last 30-second step whose code was accepted: a code is good once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    invitationDigest: text('invitation_digest'),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Sign-in failures since the last success, from any address: each one lengthens the wait before the next try. */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    /** No sign-in is tried before then (a growing delay after failures). */
    signInBlockedUntil: timestamp('sign_in_blocked_until', { withTimezone: true }),
    /**
     * The language chosen when they were invited: their mails, the join page and the console open in
     * it. None for operators invited before there was one, or by the CLI without --language: their
     * mails follow the language of the console that acts.
     */
    language: text('language').$type<Language>(),
    /** A password-reset link's digest (mailed to them; the token itself is never kept), good until the time below, once. */
    passwordResetDigest: text('password_reset_digest'),
    passwordResetExpiresAt: timestamp('password_reset_expires_at', { withTimezone: true }),
    /** The daily mail of what waits in their lists (docs/operators.md, Mails to operators): on unless they turn it off. */
    digestNotice: text('digest_notice').$type<OperatorDigestNotice>().notNull().default('daily'),
    /** A request waiting for a second operator: a mail at once, a line of the digest only, or nothing. */
    approvalNotice: text('approval_notice').$type<OperatorApprovalNotice>().notNull().default('immediate'),
    /** The UTC day of the last digest mailed: set when it is claimed, so a day never gets two. */
    lastDigestDay: date('last_digest_day', { mode: 'string' }),
  },
  (table) => [
    uniqueIndex('operators_email_key').on(sql`lower(${table.email})`),
    // GET /ops/operators, a page at a time: (created_at, id) after the last operator shown.
    index('operators_created_idx').on(table.createdAt, table.id),
    // Whoever prints container codes never credits them (docs/operators.md, Duties kept apart).
    check('operators_labels_apart_from_check_in', sql`not (${table.roles} @> array['labels', 'check-in']::text[])`),
    uniqueIndex('operators_invitation_digest_key').on(table.invitationDigest),
    check('operators_status_valid', sql`${table.status} in ('INVITED', 'ACTIVE', 'DISABLED')`),
    check('operators_active_has_password', sql`${table.status} <> 'ACTIVE' or ${table.passwordHash} is not null`),
    check('operators_language_valid', sql`${table.language} in ('en', 'fr', 'ja')`),
    uniqueIndex('operators_password_reset_digest_key').on(table.passwordResetDigest),
    check('operators_digest_notice_valid', sql`${table.digestNotice} in ('daily', 'off')`),
    check('operators_approval_notice_valid', sql`${table.approvalNotice} in ('immediate', 'digest', 'off')`),
  ],
);

/** An operator's signed-in session: short (an idle limit and an absolute end), the token stored hashed. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    tokenDigest: text('token_digest').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    address: text('address'),
    /** When the operator last proved themselves again (password and a fresh code, or a passkey) in this session. */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true }),
  },
  (table) => [index('operator_sessions_operator_idx').on(table.operatorId)],
);

/** A script's credential (X-Ops-Key): named, with its roles, stored hashed, revocable. */
export const automationTokens = pgTable(
  'automation_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    roles: text('roles').array().$type<OperatorRole[]>().notNull(),
    digest: text('digest').notNull(),
    createdBy: text('created_by').notNull(),
    /** The operator who made it (null when a deployment key or the CLI did): the person answerable for it. */
    createdById: uuid('created_by_id').references(() => operators.id),
    /** Whether an admin allowed this token to approve another operator's request when making it. */
    mayApprove: boolean('may_approve').notNull().default(false),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('automation_tokens_name_key').on(table.name),
    uniqueIndex('automation_tokens_digest_key').on(table.digest),
    check('automation_tokens_labels_apart_from_check_in', sql`not (${table.roles} @> array['labels', 'check-in']::text[])`),
  ],
);

/**
 * One entry per operator action that changed something, written in the change's transaction.
 * Migration 0018 adds the triggers: entries are never updated or deleted, and each carries the
 * SHA-256 of its fields and of the entry before it (`ops audit verify` recomputes the chain).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Who: an operator's email, an automation token's name, `OPS_KEY` or `cli@<host>`. */
    actor: text('actor').notNull(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }),
    currency: text('currency').$type<Currency>(),
    address: text('address'),
    detail: jsonb('detail'),
    prevHash: text('prev_hash').notNull().default(''),
    hash: text('hash').notNull().default(''),
    /**
     * Whom the entry is about: a customer (`customer`, their id), an operator, a token, or the
     * record itself when it concerns no person (a product, a payout export). A search key the
     * writer gives or `recordAudit` derives, outside the digest (migration 0025 filled it in for
     * older entries, which were hashed without it).
     */
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
  },
  (table) => [
    index('audit_entries_record_idx').on(table.recordType, table.recordId),
    index('audit_entries_actor_idx').on(table.actor, table.seq),
    index('audit_entries_subject_idx').on(table.subjectType, table.subjectId, table.seq),
  ],
);

/** An adjustment or dispute credit above the approval limit waits here for a second operator. */
export const operatorApprovals = pgTable(
  'operator_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').$type<ApprovalAction>().notNull(),
    recordId: text('record_id').notNull(),
    /** What the second operator's approval runs, as the first one asked for it. */
    request: jsonb('request').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    requestedBy: text('requested_by').notNull(),
    /** The person behind the request (`operator:<id>`; a token counts as the operator who made it). */
    requestedByPerson: text('requested_by_person').notNull(),
    /** Why a second person is needed, as the answer to the first one said it. */
    reason: jsonb('reason'),
    status: text('status').$type<ApprovalStatus>().notNull().default('PENDING'),
    decidedBy: text('decided_by'),
    decidedByPerson: text('decided_by_person'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('operator_approvals_pending_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'PENDING'`),
    index('operator_approvals_created_idx').on(table.createdAt, table.id),
    check('operator_approvals_status_valid', sql`${table.status} in ('PENDING', 'APPROVED', 'REJECTED')`),
    check(
      'operator_approvals_second_person',
      sql`${table.decidedByPerson} is null or ${table.decidedByPerson} <> ${table.requestedByPerson}`,
    ),
  ],
);

/**
 * Money one person moved by hand (adjustments, dispute credits, approval requests): the rolling
 * 24-hour sums that the approval limits count (docs/operators.md, Approvals).
 */
export const operatorMoneyMoves = pgTable(
  'operator_money_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `operator:<id>`, or the key's name for a deployment key or the CLI. */
    person: text('person').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** What was moved, either way, in minor units. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('operator_money_moves_person_idx').on(table.person, table.at),
    index('operator_money_moves_person_user_idx').on(table.person, table.userId, table.at),
    check('operator_money_moves_amount_positive', sql`${table.amountMinor} > 0`),
  ],
);

/** A claim refused because its account already had as many open claims as allowed: care sees such accounts flagged. */
export const claimRefusals = pgTable(
  'claim_refusals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    containerCode: text('container_code').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('claim_refusals_user_idx').on(table.userId, table.at)],
);

/** An operator's passkey (WebAuthn): signs them in instead of a password and a code. */
export const operatorPasskeys = pgTable(
  'operator_passkeys',
  {
    /** The credential's id, base64url, as the authenticator gives it. */
    id: text('id').primaryKey(),
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id),
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter; one that goes backwards betrays a cloned key. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    transports: text('transports').array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('operator_passkeys_operator_idx').on(table.operatorId)],
);

/** A WebAuthn challenge handed out and not yet answered: good once, for five minutes. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull(),
    /** `register`: adding a passkey for this operator; `sign-in`: anyone's. */
    purpose: text('purpose').$type<'register' | 'sign-in'>().notNull(),
    operatorId: uuid('operator_id').references(() => operators.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('webauthn_challenges_expires_idx').on(table.expiresAt),
    check('webauthn_challenges_purpose_valid', sql`${table.purpose} in ('register', 'sign-in')`),
  ],
);
