-- Mails to operators (docs/operators.md): each one's daily digest (on by default) and how a request for a
-- second operator reaches them, and the day of the last digest, claimed before it is sent so no day gets two.
ALTER TABLE "operators" ADD COLUMN "digest_notice" text DEFAULT 'daily' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "approval_notice" text DEFAULT 'immediate' NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "last_digest_day" date;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_digest_notice_valid" CHECK ("operators"."digest_notice" in ('daily', 'off'));--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_approval_notice_valid" CHECK ("operators"."approval_notice" in ('immediate', 'digest', 'off'));
