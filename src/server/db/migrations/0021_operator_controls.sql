-- Operator controls (docs/operators.md): two-person approval compares people, not names; the money
-- one person moves by hand adds up over 24 hours; printing codes and crediting them are duties kept
-- apart; a session proves itself again before adding a passkey; sign-in failures slow an account
-- down from any address; claims refused for too many open ones are kept for care.
CREATE TABLE "claim_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"container_code" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_money_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person" text NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_money_moves_amount_positive" CHECK ("operator_money_moves"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "operator_approvals" DROP CONSTRAINT "operator_approvals_second_person";--> statement-breakpoint
ALTER TABLE "automation_tokens" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "automation_tokens" ADD COLUMN "may_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A token made by a signed-in operator recorded that operator's email as its maker.
UPDATE "automation_tokens" t SET "created_by_id" = o."id" FROM "operators" o WHERE lower(o."email") = lower(t."created_by");--> statement-breakpoint
ALTER TABLE "operator_approvals" ADD COLUMN "requested_by_person" text;--> statement-breakpoint
-- Requests made before this migration knew only a display name: the name stands for the person.
UPDATE "operator_approvals" SET "requested_by_person" = 'name:' || "requested_by";--> statement-breakpoint
ALTER TABLE "operator_approvals" ALTER COLUMN "requested_by_person" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_approvals" ADD COLUMN "reason" jsonb;--> statement-breakpoint
ALTER TABLE "operator_approvals" ADD COLUMN "decided_by_person" text;--> statement-breakpoint
UPDATE "operator_approvals" SET "decided_by_person" = 'name:' || "decided_by" WHERE "decided_by" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "reauthenticated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "failed_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "sign_in_blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "claim_refusals" ADD CONSTRAINT "claim_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_money_moves" ADD CONSTRAINT "operator_money_moves_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_refusals_user_idx" ON "claim_refusals" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "operator_money_moves_person_idx" ON "operator_money_moves" USING btree ("person","at");--> statement-breakpoint
CREATE INDEX "operator_money_moves_person_user_idx" ON "operator_money_moves" USING btree ("person","user_id","at");--> statement-breakpoint
ALTER TABLE "automation_tokens" ADD CONSTRAINT "automation_tokens_created_by_id_operators_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_tokens" ADD CONSTRAINT "automation_tokens_labels_apart_from_check_in" CHECK (not ("automation_tokens"."roles" @> array['labels', 'check-in']::text[]));--> statement-breakpoint
ALTER TABLE "operator_approvals" ADD CONSTRAINT "operator_approvals_second_person" CHECK ("operator_approvals"."decided_by_person" is null or "operator_approvals"."decided_by_person" <> "operator_approvals"."requested_by_person");--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_labels_apart_from_check_in" CHECK (not ("operators"."roles" @> array['labels', 'check-in']::text[]));
