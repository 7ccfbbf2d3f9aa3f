CREATE TABLE "balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance_minor" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_not_negative" CHECK ("balances"."balance_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "checkin_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "containers" (
	"code" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"kind" text NOT NULL,
	"checkin_batch_id" uuid,
	"idempotency_key" text,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_minor" <> 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"currency" text NOT NULL,
	"container_type" text NOT NULL,
	"name_en" text NOT NULL,
	"name_fr" text NOT NULL,
	"name_ja" text NOT NULL,
	"image_url" text NOT NULL,
	"deposit_minor" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_deposit_positive" CHECK ("products"."deposit_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"container_code" text NOT NULL,
	"product_id" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	"credited_minor" integer,
	"checkin_batch_id" uuid,
	"reason" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scans_status_valid" CHECK ("scans"."status" in ('PENDING', 'COMPLETED', 'REJECTED', 'CANCELLED')),
	CONSTRAINT "scans_completed_has_credit" CHECK (("scans"."status" = 'COMPLETED') = ("scans"."credited_minor" is not null and "scans"."checkin_batch_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_checkin_batch_id_checkin_batches_id_fk" FOREIGN KEY ("checkin_batch_id") REFERENCES "public"."checkin_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_container_code_containers_code_fk" FOREIGN KEY ("container_code") REFERENCES "public"."containers"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_checkin_batch_id_checkin_batches_id_fk" FOREIGN KEY ("checkin_batch_id") REFERENCES "public"."checkin_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "containers_product_idx" ON "containers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_idempotency_key" ON "ledger_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_user_batch_key" ON "ledger_entries" USING btree ("user_id","checkin_batch_id");--> statement-breakpoint
CREATE INDEX "products_country_idx" ON "products" USING btree ("country_code","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "scans_one_pending_per_container" ON "scans" USING btree ("container_code") WHERE "scans"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "scans_user_status_idx" ON "scans" USING btree ("user_id","status","scanned_at");--> statement-breakpoint
CREATE INDEX "scans_user_batch_idx" ON "scans" USING btree ("user_id","checkin_batch_id");