-- The team manages itself (docs/operators.md, The admin's day): an operator's language, chosen
-- when they are invited, for their mails, the join page and the console (none for operators
-- invited before: their mails follow the console that acts); a password-reset link (only its
-- digest, good once, for a limited time).
ALTER TABLE "operators" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "password_reset_digest" text;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "password_reset_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "operators_password_reset_digest_key" ON "operators" USING btree ("password_reset_digest");--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_language_valid" CHECK ("operators"."language" in ('en', 'fr', 'ja'));
