import { z } from 'zod';
import { languages } from '../locales';
import { currencies } from '../markets';
import { emailField, newPasswordField, passwordField, requiredText } from './fields';

/**
 * The people who run the programme and what each may do (docs/operators.md). An operator holds one
 * or more roles; every /ops call names the roles that may make it, in its OpenAPI `security`.
 */
export const operatorRoles = ['check-in', 'labels', 'care', 'finance', 'content', 'admin'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/**
 * Duties kept apart (docs/operators.md): whoever issues container codes (`labels`) never checks
 * them in (`check-in`), or one credential could print codes, scan them and credit them. Refused
 * when granted to an operator or a token, and by the database's CHECKs. The deployment's OPS_KEY
 * and the CLI's key hold every role: they are no one person's.
 */
export function holdsLabelsWithCheckIn(roles: readonly OperatorRole[]): boolean {
  return roles.includes('labels') && roles.includes('check-in');
}

/**
 * Not a role anyone holds: the `security` of a call that only the ops CLI on the server's own
 * machine may make (its local key, from loopback).
 */
export const localOnlyAccess = 'local';

export const operatorStatuses = ['INVITED', 'ACTIVE', 'DISABLED'] as const;
export type OperatorStatus = (typeof operatorStatuses)[number];

/** What can wait for a second operator's approval. */
export const approvalActions = ['balance.adjust', 'dispute.credit', 'checkin.batch'] as const;
export type ApprovalAction = (typeof approvalActions)[number];

export const approvalStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

const roles = z
  .array(z.enum(operatorRoles, { error: 'invalidValue' }), { error: 'required' })
  .min(1, { error: 'required' })
  .max(operatorRoles.length, { error: 'tooLong' })
  .transform((list) => [...new Set(list)]);
/** A six-digit code of an authenticator app (RFC 6238, 30 s steps). */
export const totpCode = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{6}$/, { error: 'invalidValue' });

/** POST /ops/session */
export const operatorSignInBody = z.strictObject({
  email: emailField,
  password: passwordField,
  code: totpCode,
});

/** POST /ops/operators: an admin invites a person by mail. */
export const operatorInviteBody = z.strictObject({
  email: emailField,
  name: requiredText(100),
  roles,
  /** Their mails, the join page and the console open in it; without it, mails follow the console that acts. */
  language: z.enum(languages, { error: 'invalidValue' }).optional(),
});

/** PUT /ops/operators/{id}/roles */
export const operatorRolesBody = z.strictObject({ roles });

/** The join form: the invited person sets a password and proves their authenticator. */
export const invitationAcceptBody = z.strictObject({ password: newPasswordField, code: totpCode });

/**
 * An invitation's token (32 random bytes, base64url), which the join page reads from the link's
 * fragment. It travels in request bodies only, never in a path or a query, which logs keep.
 */
export const invitationToken = z
  .string({ error: 'required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'invalidValue' })
  .meta({ format: 'password' });

/** POST /ops/invitations/lookup */
export const invitationLookupBody = z.strictObject({ token: invitationToken });

/** POST /ops/invitations/accept: the token with the join form. */
export const invitationAcceptRequest = invitationAcceptBody.extend({ token: invitationToken });

/** POST /ops/password-reset: the console's "forgot your password". */
export const passwordResetRequestBody = z.strictObject({ email: emailField });

/** The reset page's form: a new password and a code of the authenticator the operator already has. */
export const passwordResetAcceptBody = z.strictObject({ password: newPasswordField, code: totpCode });

/** POST /ops/password-reset/lookup: the token of a reset link (from its fragment), as an invitation's. */
export const passwordResetLookupBody = z.strictObject({ token: invitationToken });

/** POST /ops/password-reset/accept */
export const passwordResetAcceptRequest = passwordResetAcceptBody.extend({ token: invitationToken });

/** What a password-reset link opens: whose account, and the language its page opens in. */
export const passwordResetSchema = z.object({
  email: z.string(),
  name: z.string(),
  language: z.enum(languages).nullable(),
});

/**
 * Names the audit trail gives keys that are no token: the deployment's `OPS_KEY`, the CLI's
 * `cli@<host>`, demo data's `seed`, tests' `test`. A token named like one would read as it in the
 * trail, so these are refused in any case and spelling of the separator.
 */
const reservedTokenNames = /^(ops[._-]?key|cli|cli@.*|seed|test)$/i;
export function isReservedTokenName(name: string): boolean {
  return reservedTokenNames.test(name.trim());
}

/** POST /ops/tokens: a named automation token for a script. */
export const automationTokenBody = z.strictObject({
  name: z
    .string({ error: 'required' })
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/, { error: 'invalidValue' }),
  roles,
  /** Whether the token may approve another person's request (docs/operators.md, Approvals); never unless asked. */
  may_approve: z.boolean({ error: 'invalidValue' }).default(false),
});

export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(operatorRoles)),
  status: z.enum(operatorStatuses),
  /** Chosen when invited (docs/operators.md, The admin's day); null for operators invited without one. */
  language: z.enum(languages).nullable().default(null),
  created_at: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;

/** One of an operator's open sessions, as an admin sees it (never its token). */
export const operatorSessionSummarySchema = z.object({
  started_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  address: z.string().nullable(),
});
export type OperatorSessionSummary = z.infer<typeof operatorSessionSummarySchema>;

export const operatorSessionSchema = z.object({
  token: z.string(),
  /** The session ends then, or after its idle time without a call, whichever comes first. */
  expires_at: z.string(),
  idle_seconds: z.number().int(),
  operator: operatorSchema,
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

/** The caller of an /ops call, as GET /ops/me answers it. */
export const operatorCallerSchema = z.object({
  kind: z.enum(['operator', 'token', 'cli']),
  name: z.string(),
  roles: z.array(z.enum(operatorRoles)),
});
export type OperatorCaller = z.infer<typeof operatorCallerSchema>;

/** What an invitation link opens: who is invited, and the authenticator secret to add. */
export const invitationSchema = z.object({
  email: z.string(),
  name: z.string(),
  /** otpauth:// URI of the authenticator secret (also shown as text for typing in). */
  totp_uri: z.string(),
  totp_secret: z.string(),
  expires_at: z.string(),
  /** The language the inviting admin chose: the join page opens in it. */
  language: z.enum(languages).nullable(),
});

export const automationTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  roles: z.array(z.enum(operatorRoles)),
  created_by: z.string(),
  may_approve: z.boolean(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

/** POST /ops/tokens answers the token with its secret, in that answer only. */
export const createdAutomationTokenSchema = automationTokenSchema.extend({ secret: z.string() });

/**
 * Whom an entry is about: a `customer`, an `operator`, an `automation_token`, or for an entry that
 * concerns no person the record itself (`product`, `payout_batch`…). `label` is how people know
 * them now (a customer's or operator's email, with the operator's name); null once erased.
 */
export const auditSubjectSchema = z.object({
  type: z.string(),
  id: z.string(),
  label: z.string().nullable(),
});
export type AuditSubject = z.infer<typeof auditSubjectSchema>;

/** Which way an entry's amount went for the customer: `credit` in (+), `debit` out (−). */
export const auditDirections = ['credit', 'debit'] as const;
export type AuditDirection = (typeof auditDirections)[number];

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: z.string(),
  actor: z.string(),
  /** The operator's name when the actor is one (the actor field keeps the email they signed in with). */
  actor_name: z.string().nullable(),
  action: z.string(),
  record_type: z.string(),
  record_id: z.string(),
  subject: auditSubjectSchema,
  /** Always positive or zero: `direction` says which way it went. */
  amount_minor: z.number().int().nullable(),
  currency: z.string().nullable(),
  direction: z.enum(auditDirections).nullable(),
  address: z.string().nullable(),
  /** What the writer kept beside the fields: roles given (`roles`, `previous_roles`), codes, a payout's reference… */
  detail: z.record(z.string(), z.unknown()).nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A page of the trail; `next_cursor` asks for the entries after it (older), null on the last page. */
export const auditPageSchema = z.object({ data: z.array(auditEntrySchema), next_cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;

/** A keyset cursor: the last entry a page showed, opaque to clients. */
const auditCursorPattern = /^a1\.[1-9][0-9]{0,17}$/;
export function auditCursorOf(seq: number): string {
  return `a1.${seq}`;
}
export function seqOfAuditCursor(cursor: string): number | undefined {
  return auditCursorPattern.test(cursor) ? Number(cursor.slice(3)) : undefined;
}

/**
 * The moments both PostgreSQL and JavaScript's ISO text hold, a day inside each end (a `to` day
 * counts whole): ISO 8601 and Date take a year 0 and 10000, which PostgreSQL refuses.
 */
const earliestMoment = Date.parse('0001-01-02T00:00:00Z');
const latestMoment = Date.parse('9999-12-30T00:00:00Z');

const dayOrMoment = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'invalidValue' }).refine(
  (value) => {
    const at = Date.parse(value.length > 10 ? value : `${value}T00:00:00Z`);
    return at >= earliestMoment && at <= latestMoment;
  },
  { error: 'invalidValue' },
);

/**
 * GET /ops/audit and /ops/audit/export, and `npm run ops -- audit list`: every filter optional,
 * all of them together narrow the trail (docs/api.md, The audit trail).
 * - `subject`: a customer's or operator's email or id;
 * - `actor`: any part of the email, token name or operator name, any case;
 * - `action`: an action (`payout.complete`) or its family (`payout`);
 * - `record`: a record's id, a payout's reference (RT…), a dispute's id;
 * - `from`, `to`: days (`to` counts its whole day) or moments.
 */
export const auditQuerySchema = z.strictObject({
  subject: z.string().trim().min(1, { error: 'invalidValue' }).max(254, { error: 'tooLong' }).optional(),
  actor: z.string().trim().min(1, { error: 'invalidValue' }).max(254, { error: 'tooLong' }).optional(),
  action: z.string().trim().min(1, { error: 'invalidValue' }).max(60, { error: 'tooLong' }).optional(),
  record: z.string().trim().min(1, { error: 'invalidValue' }).max(200, { error: 'tooLong' }).optional(),
  record_type: z.string().max(50, { error: 'tooLong' }).optional(),
  record_id: z.string().max(200, { error: 'tooLong' }).optional(),
  from: dayOrMoment.optional(),
  to: dayOrMoment.optional(),
  cursor: z
    .string()
    .refine((value) => seqOfAuditCursor(value) !== undefined, { error: 'invalidValue' })
    .optional(),
  limit: z.coerce.number({ error: 'invalidValue' }).int().min(1).max(500).default(100),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** A signed checkpoint of the audit trail: the entry it names and when it was signed. */
export const auditCheckpointRefSchema = z.object({ seq: z.number().int(), at: z.string() });

/**
 * What `audit verify` found wrong (docs/operators.md, The audit trail's anchor):
 * - `missing`: the table has no entry `checkpoint.seq` any more; entries after `after` (the last
 *   one kept before it, 0 for none) were removed, the checkpoint's entry at least;
 * - `changed`: an entry from `from` to `seq` was changed since `checkpoint` (its signed hash at
 *   `seq` is not the table's); with `checkpoint` null, entry `seq` no longer gives its own digest;
 * - `unlinked`: entry `seq` does not name the entry before it (one removed or put in, chain not redone);
 * - `bad_checkpoint`: a record of the checkpoint store (`ref`) that does not read, is signed by
 *   another key, or whose signature fails: altered or forged, so it was not used.
 */
export const auditProblemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('missing'), after: z.number().int(), checkpoint: auditCheckpointRefSchema }),
  z.object({ kind: z.literal('changed'), from: z.number().int(), seq: z.number().int(), checkpoint: auditCheckpointRefSchema.nullable() }),
  z.object({ kind: z.literal('unlinked'), seq: z.number().int() }),
  z.object({
    kind: z.literal('bad_checkpoint'),
    ref: z.string(),
    reason: z.enum(['unreadable', 'other_key', 'signature']),
    checkpoint: auditCheckpointRefSchema.nullable(),
  }),
]);
export type AuditProblem = z.infer<typeof auditProblemSchema>;

/**
 * GET /ops/audit/verify: every entry's digest and link recomputed, and the trail held against every
 * signed checkpoint kept outside the database; then a new checkpoint of the head is written.
 */
export const auditVerdictSchema = z.object({
  ok: z.boolean(),
  /** The whole chain was recomputed (`full`), or only the entries after `from_seq`, the last checkpoint the table agrees with. */
  full: z.boolean(),
  from_seq: z.number().int(),
  /** Entries whose digest and link were recomputed. */
  entries: z.number().int(),
  /** The last entry's number and hash, as the table holds them now. */
  head_seq: z.number().int().nullable(),
  head: z.string().nullable(),
  /** Checkpoints whose signature held and which the trail was checked against. */
  checkpoints: z.number().int(),
  problems: z.array(auditProblemSchema),
  /** The checkpoint this check wrote (null for an empty trail). */
  checkpoint_written: auditCheckpointRefSchema.nullable(),
});
export type AuditVerdict = z.infer<typeof auditVerdictSchema>;

/** GET /ops/audit/verify?full=true: the whole chain, not only what the last checkpoint does not vouch for. */
export const auditVerifyQuerySchema = z.strictObject({
  full: z.enum(['true', 'false'], { error: 'invalidValue' }).optional(),
});

/**
 * Why a request waits for a second person (docs/operators.md, Approvals): the one call passes the
 * limit (`per_call`), or with what the same person moved for the same customer in the last 24 hours
 * (`customer_24h`), or for everyone in the last 24 hours (`daily_total`). `moved_minor` is the sum,
 * this request included, that passed `limit_minor`.
 */
export const approvalReasonKinds = ['per_call', 'customer_24h', 'daily_total'] as const;
export const approvalReasonSchema = z.object({
  kind: z.enum(approvalReasonKinds),
  currency: z.enum(currencies),
  limit_minor: z.number().int(),
  moved_minor: z.number().int(),
});
export type ApprovalReason = z.infer<typeof approvalReasonSchema>;

export const approvalSchema = z.object({
  id: z.string(),
  action: z.enum(approvalActions),
  record_id: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  /** Null for requests made before reasons were kept. */
  reason: approvalReasonSchema.nullable(),
  requested_by: z.string(),
  status: z.enum(approvalStatuses),
  decided_by: z.string().nullable(),
  created_at: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/, { error: 'invalidValue' })
  .max(16_384, { error: 'tooLong' });
const credentialBase = {
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key', { error: 'invalidValue' }),
  clientExtensionResults: z.object({}).loose(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};
const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'])).max(10);

/** POST /ops/passkeys: what navigator.credentials.create answered (as @simplewebauthn/browser sends it). */
export const passkeyRegistrationBody = z.strictObject({
  challenge_id: z.uuid({ error: 'invalidValue' }),
  response: z.object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      authenticatorData: base64url.optional(),
      publicKey: base64url.optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      transports: transports.optional(),
    }),
  }),
});

/** POST /ops/session/passkey: what navigator.credentials.get answered. */
export const passkeySignInBody = z.strictObject({
  challenge_id: z.uuid({ error: 'invalidValue' }),
  response: z.object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    }),
  }),
});

/** The options to hand to the browser, and the id of the challenge in them (sent back with the answer). */
export const passkeyOptionsSchema = z.object({ challenge_id: z.string(), options: z.object({}).loose() });
