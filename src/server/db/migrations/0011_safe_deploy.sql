ALTER TABLE "withdrawals" ADD COLUMN "export_batch" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text GENERATED ALWAYS AS ('RT' || upper(substr(md5(id::text), 1, 16))) STORED NOT NULL;--> statement-breakpoint
-- Payouts exported before batches existed count as exported: the next export leaves them out.
UPDATE "withdrawals" SET "export_batch" = 'before-batches' WHERE "exported_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_reference" ON "withdrawals" USING btree ("payout_reference");--> statement-breakpoint
CREATE INDEX "withdrawals_export_batch_idx" ON "withdrawals" USING btree ("export_batch");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_export_marked" CHECK (("withdrawals"."export_batch" is null) = ("withdrawals"."exported_at" is null));--> statement-breakpoint
CREATE TABLE "scan_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"container_code" text NOT NULL,
	"pending_scan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_claims" ADD CONSTRAINT "scan_claims_container_code_containers_code_fk" FOREIGN KEY ("container_code") REFERENCES "public"."containers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_claims" ADD CONSTRAINT "scan_claims_pending_scan_id_scans_id_fk" FOREIGN KEY ("pending_scan_id") REFERENCES "public"."scans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scan_claims" ADD CONSTRAINT "scan_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scan_claims_one_per_person" ON "scan_claims" USING btree ("pending_scan_id","user_id");--> statement-breakpoint
CREATE INDEX "scan_claims_code_idx" ON "scan_claims" USING btree ("container_code");--> statement-breakpoint
CREATE INDEX "scan_claims_user_idx" ON "scan_claims" USING btree ("user_id");