CREATE TABLE "bins" (
	"id" text PRIMARY KEY NOT NULL,
	"country_code" text NOT NULL,
	"retailer_id" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"details" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bins_lat_range" CHECK ("bins"."lat" between -90 and 90),
	CONSTRAINT "bins_lng_range" CHECK ("bins"."lng" between -180 and 180),
	CONSTRAINT "bins_country_valid" CHECK ("bins"."country_code" in ('us', 'ca', 'uk', 'fr', 'jp'))
);
--> statement-breakpoint
CREATE TABLE "retailers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bins" ADD CONSTRAINT "bins_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bins_country_idx" ON "bins" USING btree ("country_code","id");