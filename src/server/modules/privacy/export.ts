import { notificationsExport } from '../notifications/news';
import { and, asc, eq, sql } from 'drizzle-orm';
import { moneyFromMinor } from '#domain/money';
import type { AppContext } from '../../app-context';
import type { Executor } from '../../db/client';
import {
  claimRefusals,
  dsarRequests,
  emailVerificationCodes,
  historyRows,
  ledgerEntries,
  passwordResetTokens,
  scanClaims,
  scans,
  sessionFamilies,
  withdrawals,
} from '../../db/schema';
import { findActiveUser } from '../accounts/users';
import { disputesOf } from '../disputes/disputes';
import { toUserView, type UserRow } from '../accounts/user-view';
import { currencyOf } from '#domain/markets';
import type { PaymentCipher } from '../payments/encryption';
import { shownAccount, storedMethods } from '../payments/payment-methods';
import { withdrawalView } from '../withdrawals/withdrawals';
import { getBalance } from '../wallet/ledger';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * One part of the export: what one table (or area) holds about the person, as JSON.
 * Secrets (password hash, token and code hashes) are never exported: they are ours, not data
 * about the person, and would only help an attacker who got the file.
 */
export type ExportSection = (executor: Executor, user: UserRow) => Promise<unknown>;

const ledgerSection: ExportSection = async (executor, user) => {
  const currency = currencyOf(user.countryCode);
  const rows = await executor.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id)).orderBy(asc(ledgerEntries.id));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    kind: row.kind,
    amount: moneyFromMinor(row.amountMinor, currency),
    comment: row.comment,
  }));
};

const scansSection: ExportSection = async (executor, user) => {
  const currency = currencyOf(user.countryCode);
  const rows = await executor.select().from(scans).where(eq(scans.userId, user.id)).orderBy(asc(scans.scannedAt));
  return rows.map((row) => ({
    id: row.id,
    container_code: row.containerCode,
    product_id: row.productId,
    status: row.status,
    scanned_at: row.scannedAt.toISOString(),
    credited: row.creditedMinor === null ? null : moneyFromMinor(row.creditedMinor, currency),
    reason: row.reason,
    resolved_at: iso(row.resolvedAt),
  }));
};

const sessionsSection: ExportSection = async (executor, user) => {
  const rows = await executor
    .select()
    .from(sessionFamilies)
    .where(eq(sessionFamilies.userId, user.id))
    .orderBy(asc(sessionFamilies.createdAt));
  return rows.map((row) => ({ client_id: row.clientId, signed_in_at: row.createdAt.toISOString(), ended_at: iso(row.revokedAt) }));
};

const verificationCodesSection: ExportSection = async (executor, user) => {
  const rows = await executor
    .select()
    .from(emailVerificationCodes)
    .where(eq(emailVerificationCodes.userId, user.id))
    .orderBy(asc(emailVerificationCodes.createdAt));
  return rows.map((row) => ({
    sent_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    used_or_retired_at: iso(row.consumedAt),
    wrong_attempts: row.attempts,
  }));
};

const resetLinksSection: ExportSection = async (executor, user) => {
  const rows = await executor
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, user.id))
    .orderBy(asc(passwordResetTokens.createdAt));
  return rows.map((row) => ({ sent_at: row.createdAt.toISOString(), expires_at: row.expiresAt.toISOString(), used_at: iso(row.usedAt) }));
};

/**
 * Requests filed under the account's address, only once that address is verified: anyone can
 * sign up with another person's email, and must not read that person's requests.
 */
const dataRequestsSection: ExportSection = async (executor, user) => {
  if (!user.email || !user.emailVerifiedAt) return [];
  const rows = await executor
    .select()
    .from(dsarRequests)
    .where(sql`lower(${dsarRequests.email}) = ${user.email.toLowerCase()}`)
    .orderBy(asc(dsarRequests.receivedAt));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    country_code: row.countryCode,
    message: row.message,
    received_at: row.receivedAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    closed_at: iso(row.closedAt),
  }));
};

const withdrawalsSection: ExportSection = async (executor, user) => {
  const rows = await executor.select().from(withdrawals).where(eq(withdrawals.userId, user.id)).orderBy(asc(withdrawals.createdAt));
  return rows.map((row) => ({ ...withdrawalView(row), reason: row.reason, resolved_at: iso(row.resolvedAt) }));
};

/** Stored payout destinations, masked as the app shows them: the file may travel further than the account. */
function paymentMethodsSection(cipher: PaymentCipher): ExportSection {
  return async (executor, user) =>
    (await storedMethods(executor, cipher, user.id)).map((stored) => ({
      method: stored.details.method,
      default: stored.isDefault,
      account: shownAccount(stored.details),
      updated_at: stored.updatedAt.toISOString(),
    }));
}

/** Containers the person scanned after someone else had, and how each claim ended. */
/**
 * Containers the person scanned after someone else: each with its history row while it has one
 * (under review, or dismissed with the reason they were given, migration 0028).
 */
const claimsSection: ExportSection = async (executor, user) => {
  const rows = await executor
    .select({ claim: scanClaims, rowId: historyRows.id, reason: historyRows.comment })
    .from(scanClaims)
    .leftJoin(historyRows, and(eq(historyRows.userId, scanClaims.userId), eq(historyRows.id, sql`'claim:' || ${scanClaims.id}::text`)))
    .where(eq(scanClaims.userId, user.id))
    .orderBy(asc(scanClaims.scannedAt));
  return rows.map(({ claim, rowId, reason }) => ({
    id: claim.id,
    container_code: claim.containerCode,
    scanned_at: claim.scannedAt.toISOString(),
    status: claim.status,
    reason,
    resolved_at: iso(claim.resolvedAt),
    history_row: rowId,
  }));
};

/** Claims refused because the account already had as many open as allowed: care reads these too. */
const refusedClaimsSection: ExportSection = async (executor, user) => {
  const rows = await executor.select().from(claimRefusals).where(eq(claimRefusals.userId, user.id)).orderBy(asc(claimRefusals.at));
  return rows.map((row) => ({ container_code: row.containerCode, refused_at: row.at.toISOString() }));
};

/** Each key is one section of the file; a new area adds its line here. */
export const exportSections: Record<string, ExportSection> = {
  ledger_entries: ledgerSection,
  scans: scansSection,
  sessions: sessionsSection,
  email_verification_codes: verificationCodesSection,
  password_reset_links: resetLinksSection,
  data_requests: dataRequestsSection,
  withdrawals: withdrawalsSection,
  claims: claimsSection,
  refused_claims: refusedClaimsSection,
  // With each dispute's note and photo (base64 JPEG): the person sent them.
  disputes: (executor, user) => disputesOf(executor, user.id),
  notifications: (executor, user) => notificationsExport(executor, user.id),
};

/** The sections with the ones that need the payment-data key. */
export function exportSectionsWith(cipher: PaymentCipher): Record<string, ExportSection> {
  return { ...exportSections, payment_methods: paymentMethodsSection(cipher) };
}

export const exportFormat = 'roundtrip-personal-data/1';

/** GET /user/export: everything held about the caller; the sections are read in one transaction so they agree. */
export async function exportPersonalData(context: Pick<AppContext, 'db' | 'now'>, userId: string, sections = exportSections) {
  const user = await findActiveUser(context, userId);
  const balance = await getBalance(context.db, user.id, currencyOf(user.countryCode));
  return context.db.transaction(async (tx) => {
    const account = {
      ...toUserView(user),
      email_verified_at: iso(user.emailVerifiedAt),
      terms_accepted_at: iso(user.termsAcceptedAt),
      updated_at: user.updatedAt.toISOString(),
    };
    const parts: Record<string, unknown> = {};
    for (const [name, section] of Object.entries(sections)) parts[name] = await section(tx, user);
    return { format: exportFormat, exported_at: context.now().toISOString(), account, balance, ...parts };
  });
}
