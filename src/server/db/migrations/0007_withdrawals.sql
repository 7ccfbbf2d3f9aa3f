CREATE TABLE "payment_methods" (
	"user_id" uuid NOT NULL,
	"method" text NOT NULL,
	"details" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_user_id_method_pk" PRIMARY KEY("user_id","method"),
	CONSTRAINT "payment_methods_method_valid" CHECK ("payment_methods"."method" in ('TRANSFERWISE', 'PAYPAL', 'LINE'))
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"payout_details" text,
	"account_name" text,
	"account_number" text,
	"provider" text DEFAULT 'manual' NOT NULL,
	"provider_reference" text,
	"reason" text,
	"exported_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawals_amount_positive" CHECK ("withdrawals"."amount_minor" > 0 and "withdrawals"."fee_minor" >= 0 and "withdrawals"."fee_minor" < "withdrawals"."amount_minor"),
	CONSTRAINT "withdrawals_status_valid" CHECK ("withdrawals"."status" in ('PENDING', 'COMPLETED', 'FAILED', 'CANCELLED')),
	CONSTRAINT "withdrawals_method_valid" CHECK ("withdrawals"."method" in ('TRANSFERWISE', 'PAYPAL', 'LINE'))
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_user_idempotency_key" ON "withdrawals" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "withdrawals_user_status_idx" ON "withdrawals" USING btree ("user_id","status","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("created_at") WHERE "withdrawals"."status" = 'PENDING';