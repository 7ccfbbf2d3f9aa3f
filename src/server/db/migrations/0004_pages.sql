CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"topic" text NOT NULL,
	"message" text NOT NULL,
	"locale" text NOT NULL,
	"country_code" text,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_entries" (
	"locale" text NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"status" text NOT NULL,
	"text" text NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_entries_locale_namespace_status_key_pk" PRIMARY KEY("locale","namespace","status","key"),
	CONSTRAINT "content_entries_status" CHECK ("content_entries"."status" in ('published', 'draft')),
	CONSTRAINT "content_entries_source" CHECK ("content_entries"."source" in ('bundled', 'operator'))
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_email_idx" ON "contact_messages" USING btree ("email");