CREATE TABLE "payment_data_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
