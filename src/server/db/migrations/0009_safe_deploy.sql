ALTER TABLE "withdrawals" ADD COLUMN "export_batch" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "payout_reference" text GENERATED ALWAYS AS ('RT' || upper(substr(md5(id::text), 1, 16))) STORED NOT NULL;--> statement-breakpoint
-- Payouts exported before batches existed count as exported: the next export leaves them out.
UPDATE "withdrawals" SET "export_batch" = 'before-batches' WHERE "exported_at" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_payout_reference" ON "withdrawals" USING btree ("payout_reference");--> statement-breakpoint
CREATE INDEX "withdrawals_export_batch_idx" ON "withdrawals" USING btree ("export_batch");--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_export_marked" CHECK (("withdrawals"."export_batch" is null) = ("withdrawals"."exported_at" is null));