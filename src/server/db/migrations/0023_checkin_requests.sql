-- Check-ins sent with an idempotency key (the console keeps a batch on the device and sends it
-- again until an answer comes): the first answer is kept and given again, never a second credit.
-- Batches record who checked them in, for the operator's own recent batches (undo for 15 minutes);
-- earlier batches stay without (their undo window is long past).
CREATE TABLE "checkin_requests" (
	"person" text NOT NULL,
	"idempotency_key" uuid NOT NULL,
	"batch_id" uuid,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_requests_pkey" PRIMARY KEY("person","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "checkin_batches" ADD COLUMN "checked_in_by" text;--> statement-breakpoint
ALTER TABLE "checkin_requests" ADD CONSTRAINT "checkin_requests_batch_id_checkin_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."checkin_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_batches_by_idx" ON "checkin_batches" USING btree ("checked_in_by","created_at");