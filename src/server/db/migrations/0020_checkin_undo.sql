ALTER TABLE "checkin_batches" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkin_batches" ADD COLUMN "undone_scans" integer;