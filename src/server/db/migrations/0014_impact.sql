CREATE TABLE "product_impact_factors" (
	"product_id" text PRIMARY KEY NOT NULL,
	"packaging_grams" double precision NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_impact_factors_grams_range" CHECK ("product_impact_factors"."packaging_grams" > 0 and "product_impact_factors"."packaging_grams" <= 100000),
	CONSTRAINT "product_impact_factors_source_present" CHECK (length(btrim("product_impact_factors"."source")) between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "product_impact_factors" ADD CONSTRAINT "product_impact_factors_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scans_product_completed_idx" ON "scans" USING btree ("product_id","user_id") WHERE "scans"."status" = 'COMPLETED';--> statement-breakpoint
-- GET /user/impact is kept per customer version: a factor set, changed or removed changes what
-- every customer who returned that product sees, so their versions go up with it.
CREATE FUNCTION impact_factors_raise_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise(ARRAY(
    SELECT DISTINCT s.user_id FROM scans s WHERE s.status = 'COMPLETED' AND s.product_id IN (SELECT product_id FROM new_rows)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION impact_factors_raise_from_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise(ARRAY(
    SELECT DISTINCT s.user_id FROM scans s WHERE s.status = 'COMPLETED' AND s.product_id IN (SELECT product_id FROM old_rows)));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_impact_factors_insert_raises_version AFTER INSERT ON product_impact_factors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION impact_factors_raise_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER product_impact_factors_update_raises_version AFTER UPDATE ON product_impact_factors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION impact_factors_raise_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER product_impact_factors_delete_raises_version AFTER DELETE ON product_impact_factors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION impact_factors_raise_from_old_rows();
--> statement-breakpoint
CREATE TABLE "missing_texts" (
	"locale" text NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"fallback" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "missing_texts_locale_namespace_key_pk" PRIMARY KEY("locale","namespace","key")
);
--> statement-breakpoint
CREATE INDEX "missing_texts_last_seen_idx" ON "missing_texts" USING btree ("last_seen_at");
