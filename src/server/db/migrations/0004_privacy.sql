CREATE TABLE "dsar_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"email" text,
	"country_code" text NOT NULL,
	"locale" text NOT NULL,
	"message" text,
	"received_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "dsar_requests_kind_valid" CHECK ("dsar_requests"."kind" in ('access', 'deletion', 'rectification', 'other'))
);
--> statement-breakpoint
CREATE INDEX "dsar_requests_open_idx" ON "dsar_requests" USING btree ("closed_at","due_at");--> statement-breakpoint
CREATE INDEX "dsar_requests_email_idx" ON "dsar_requests" USING btree ("email");