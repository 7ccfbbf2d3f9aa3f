-- The audit trail names whom each entry is about (docs/operators.md, The audit trail), and its
-- entries are numbered one by one.
ALTER TABLE "audit_entries" ADD COLUMN "subject_type" text;--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "subject_id" text;--> statement-breakpoint
-- Older entries get the subject their own fields or the record they name give. The subject is a
-- search key outside the digest, so filling it in leaves every hash, and every checkpoint, as it was.
ALTER TABLE "audit_entries" DISABLE TRIGGER "audit_entries_append_only";--> statement-breakpoint
UPDATE "audit_entries" SET "subject_type" = 'customer', "subject_id" = "detail"->>'user_id'
 WHERE jsonb_typeof("detail") = 'object' AND "detail"->>'user_id' IS NOT NULL;--> statement-breakpoint
UPDATE "audit_entries" a SET "subject_type" = 'customer', "subject_id" = w."user_id"::text
  FROM "withdrawals" w WHERE a."subject_type" IS NULL AND a."record_type" = 'withdrawal' AND w."id"::text = a."record_id";--> statement-breakpoint
UPDATE "audit_entries" a SET "subject_type" = 'customer', "subject_id" = d."user_id"::text
  FROM "disputes" d WHERE a."subject_type" IS NULL AND a."record_type" = 'dispute' AND d."id"::text = a."record_id";--> statement-breakpoint
UPDATE "audit_entries" a SET "subject_type" = 'customer', "subject_id" = c."user_id"::text
  FROM "scan_claims" c WHERE a."subject_type" IS NULL AND a."record_type" = 'claim' AND c."id"::text = a."record_id";--> statement-breakpoint
UPDATE "audit_entries" a SET "subject_type" = 'customer', "subject_id" = s."user_id"::text
  FROM "scans" s WHERE a."subject_type" IS NULL AND a."record_type" = 'scan' AND s."id"::text = a."record_id";--> statement-breakpoint
UPDATE "audit_entries" a SET "subject_type" = 'customer', "subject_id" = l."user_id"::text
  FROM "ledger_entries" l WHERE a."subject_type" IS NULL AND a."record_type" = 'ledger_entry' AND l."id"::text = a."record_id";--> statement-breakpoint
-- An approval is about the customer its request moves money for.
UPDATE "audit_entries" a SET "subject_type" = 'customer', "subject_id" = p."record_id"
  FROM "operator_approvals" p
 WHERE a."subject_type" IS NULL AND a."record_type" = 'approval' AND p."id"::text = a."record_id" AND p."action" = 'balance.adjust';--> statement-breakpoint
UPDATE "audit_entries" a SET "subject_type" = 'customer', "subject_id" = d."user_id"::text
  FROM "operator_approvals" p JOIN "disputes" d ON d."id"::text = p."record_id"
 WHERE a."subject_type" IS NULL AND a."record_type" = 'approval' AND p."id"::text = a."record_id" AND p."action" = 'dispute.credit';--> statement-breakpoint
UPDATE "audit_entries" SET "subject_type" = "record_type", "subject_id" = "record_id" WHERE "subject_type" IS NULL;--> statement-breakpoint
ALTER TABLE "audit_entries" ENABLE TRIGGER "audit_entries_append_only";--> statement-breakpoint
CREATE INDEX "audit_entries_subject_idx" ON "audit_entries" USING btree ("subject_type","subject_id","seq");--> statement-breakpoint
-- The column's default (its sequence) is taken before this trigger runs, and the trigger took a
-- second number under the lock: entries went up by two. The number now follows the last entry,
-- read under the same lock as its hash; older entries keep their numbers, since the chain checks
-- links, not gaps.
CREATE OR REPLACE FUNCTION audit_entries_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(727413202);
  SELECT seq, hash INTO last_seq, last_hash FROM audit_entries ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.at := now();
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := audit_entry_digest(NEW);
  RETURN NEW;
END;
$$;
