-- Operators sign in as people with roles (docs/operators.md); scripts use named automation tokens.
-- Every operator action that changes something writes one audit entry in the same transaction.
CREATE TABLE "audit_entries" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"record_type" text NOT NULL,
	"record_id" text NOT NULL,
	"amount_minor" bigint,
	"currency" text,
	"address" text,
	"detail" jsonb,
	"prev_hash" text DEFAULT '' NOT NULL,
	"hash" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"roles" text[] NOT NULL,
	"digest" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "operator_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"record_id" text NOT NULL,
	"request" jsonb NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"requested_by" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "operator_approvals_status_valid" CHECK ("operator_approvals"."status" in ('PENDING', 'APPROVED', 'REJECTED')),
	CONSTRAINT "operator_approvals_second_person" CHECK ("operator_approvals"."decided_by" is null or "operator_approvals"."decided_by" <> "operator_approvals"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "operator_sessions" (
	"token_digest" text PRIMARY KEY NOT NULL,
	"operator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"address" text
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"roles" text[] NOT NULL,
	"status" text DEFAULT 'INVITED' NOT NULL,
	"password_hash" text,
	"totp_secret" text NOT NULL,
	"totp_last_step" bigint,
	"invitation_digest" text,
	"invitation_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	CONSTRAINT "operators_status_valid" CHECK ("operators"."status" in ('INVITED', 'ACTIVE', 'DISABLED')),
	CONSTRAINT "operators_active_has_password" CHECK ("operators"."status" <> 'ACTIVE' or "operators"."password_hash" is not null)
);
--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_record_idx" ON "audit_entries" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_tokens_name_key" ON "automation_tokens" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_tokens_digest_key" ON "automation_tokens" USING btree ("digest");--> statement-breakpoint
CREATE INDEX "operator_approvals_pending_idx" ON "operator_approvals" USING btree ("created_at") WHERE "operator_approvals"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "operators_email_key" ON "operators" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "operators_invitation_digest_key" ON "operators" USING btree ("invitation_digest");--> statement-breakpoint
-- An entry's digest: SHA-256 over its fields and the entry before it, in one fixed text form
-- (unit separators between fields). `ops audit verify` recomputes it for every entry.
CREATE FUNCTION audit_entry_digest(e audit_entries) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws(chr(31),
    e.seq::text,
    to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    e.actor, coalesce(e.actor_id, ''), e.action, e.record_type, e.record_id,
    coalesce(e.amount_minor::text, ''), coalesce(e.currency, ''), coalesce(e.address, ''),
    coalesce(e.detail::text, ''), e.prev_hash), 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- Entries join the chain one at a time: the lock is held to the end of the writing transaction, and
-- the sequence number is taken under it, so the chain's order is the numbers' order.
CREATE FUNCTION audit_entries_chain() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727413202);
  NEW.seq := nextval(pg_get_serial_sequence('audit_entries', 'seq'));
  NEW.at := now();
  NEW.prev_hash := coalesce((SELECT hash FROM audit_entries ORDER BY seq DESC LIMIT 1), repeat('0', 64));
  NEW.hash := audit_entry_digest(NEW);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_entries_chain BEFORE INSERT ON audit_entries FOR EACH ROW EXECUTE FUNCTION audit_entries_chain();--> statement-breakpoint
CREATE FUNCTION audit_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_entries is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_entries_append_only BEFORE UPDATE OR DELETE ON audit_entries FOR EACH ROW EXECUTE FUNCTION audit_entries_refuse_change();--> statement-breakpoint
CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_refuse_change();
