CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"photo_jpeg" text,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"answer" text,
	"ledger_entry_id" bigint,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_status_valid" CHECK ("disputes"."status" in ('OPEN', 'CREDITED', 'UPHELD')),
	CONSTRAINT "disputes_reason_valid" CHECK ("disputes"."reason" in ('returned', 'not_damaged', 'wrong_container', 'other')),
	CONSTRAINT "disputes_amount_positive" CHECK ("disputes"."amount_minor" > 0),
	CONSTRAINT "disputes_credited_has_entry" CHECK (("disputes"."status" = 'CREDITED') = ("disputes"."ledger_entry_id" is not null)),
	CONSTRAINT "disputes_resolved_when_closed" CHECK (("disputes"."status" = 'OPEN') = ("disputes"."resolved_at" is null)),
	CONSTRAINT "disputes_upheld_has_answer" CHECK ("disputes"."status" <> 'UPHELD' or "disputes"."answer" is not null)
);
--> statement-breakpoint
CREATE TABLE "dispute_scans" (
	"scan_id" uuid PRIMARY KEY NOT NULL,
	"dispute_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_ledger_entry_id_ledger_entries_id_fk" FOREIGN KEY ("ledger_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_scans" ADD CONSTRAINT "dispute_scans_scan_id_scans_id_fk" FOREIGN KEY ("scan_id") REFERENCES "public"."scans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_scans" ADD CONSTRAINT "dispute_scans_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_ledger_entry_key" ON "disputes" USING btree ("ledger_entry_id");--> statement-breakpoint
CREATE INDEX "disputes_user_created_idx" ON "disputes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("created_at","id") WHERE "disputes"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "dispute_scans_dispute_idx" ON "dispute_scans" USING btree ("dispute_id");--> statement-breakpoint
ALTER TABLE "history_rows" ADD COLUMN "dispute" jsonb;--> statement-breakpoint
ALTER TABLE "history_rows" ADD COLUMN "disputable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether a resolved scan may be disputed does not change with time: a rejection, or a scan
-- cancelled because it waited 32 days (what a customer who did return it wants to contest).
CREATE FUNCTION scan_disputable(status text, scanned_at timestamptz, resolved_at timestamptz) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 'REJECTED' OR (status = 'CANCELLED' AND resolved_at >= scanned_at + interval '32 days')
$$;
--> statement-breakpoint
-- A disputed scan's row carries its dispute (state, reason, answer, what was credited).
CREATE OR REPLACE FUNCTION history_refresh_scan(target_user uuid, target_scan uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_rows WHERE user_id = target_user AND id = 'scan:' || target_scan::text;
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment, number_of_scans, items, dispute, disputable)
  SELECT s.user_id, 'scan:' || s.id::text, coalesce(s.resolved_at, s.created_at), 'SCAN', s.status, 0, s.reason, 1,
         jsonb_build_array(jsonb_build_object('product_id', s.product_id, 'quantity', 1, 'price_minor', NULL)),
         d.summary, d.summary IS NULL AND scan_disputable(s.status, s.scanned_at, s.resolved_at)
    FROM scans s
    LEFT JOIN LATERAL (
      SELECT jsonb_build_object('id', d.id, 'status', d.status, 'reason', d.reason, 'answer', d.answer,
                                'amount_minor', d.amount_minor, 'created_at', d.created_at, 'resolved_at', d.resolved_at) AS summary
        FROM dispute_scans ds JOIN disputes d ON d.id = ds.dispute_id WHERE ds.scan_id = s.id) AS d ON true
   WHERE s.id = target_scan AND s.user_id = target_user AND s.status NOT IN ('PENDING', 'COMPLETED');
END;
$$;
--> statement-breakpoint
CREATE FUNCTION history_refresh_disputed(changed uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k record;
BEGIN
  FOR k IN
    SELECT DISTINCT s.user_id, s.id FROM scans s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
     WHERE s.id = ANY(changed)
  LOOP
    PERFORM history_refresh_scan(k.user_id, k.id);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION history_from_dispute_scans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM history_refresh_disputed(ARRAY(SELECT scan_id FROM new_rows));
  ELSE
    PERFORM history_refresh_disputed(ARRAY(SELECT scan_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION history_from_disputes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM history_refresh_disputed(ARRAY(SELECT ds.scan_id FROM dispute_scans ds JOIN new_rows n ON n.id = ds.dispute_id));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A dispute filed or resolved changes what the customer's history shows: raise their version
-- (ETags, cached answers), then rebuild the rows (names sort "raises_version" first, as in 0010).
CREATE TRIGGER disputes_insert_raises_version AFTER INSERT ON disputes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER disputes_update_raises_version AFTER UPDATE ON disputes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER disputes_delete_raises_version AFTER DELETE ON disputes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_old_rows();
--> statement-breakpoint
CREATE TRIGGER disputes_update_rebuilds_history AFTER UPDATE ON disputes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_from_disputes();
--> statement-breakpoint
CREATE TRIGGER dispute_scans_insert_rebuilds_history AFTER INSERT ON dispute_scans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_from_dispute_scans();
--> statement-breakpoint
CREATE TRIGGER dispute_scans_delete_rebuilds_history AFTER DELETE ON dispute_scans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_from_dispute_scans();
--> statement-breakpoint
UPDATE history_rows h SET disputable = true
  FROM scans s
 WHERE h.id = 'scan:' || s.id::text AND h.user_id = s.user_id AND scan_disputable(s.status, s.scanned_at, s.resolved_at);
