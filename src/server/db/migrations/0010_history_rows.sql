CREATE TABLE "history_rows" (
	"user_id" uuid NOT NULL,
	"id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"comment" text,
	"number_of_scans" integer,
	"fee_minor" integer,
	"account_name" text,
	"account_number" text,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "history_rows_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
CREATE INDEX "history_rows_user_created_idx" ON "history_rows" USING btree ("user_id","created_at","id");--> statement-breakpoint
-- A pending scan belongs to the customer's calendar day: their market's time zone.
CREATE FUNCTION market_time_zone(country text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE country
    WHEN 'us' THEN 'America/New_York' WHEN 'ca' THEN 'America/Toronto' WHEN 'uk' THEN 'Europe/London'
    WHEN 'fr' THEN 'Europe/Paris' WHEN 'jp' THEN 'Asia/Tokyo' ELSE 'UTC' END
$$;
--> statement-breakpoint
-- One customer's pending day, rebuilt from their pending scans of that day (an index range).
CREATE FUNCTION history_refresh_pending_day(target_user uuid, target_day date, zone text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  day_start timestamptz := target_day::timestamp AT TIME ZONE zone;
  day_end timestamptz := (target_day + 1)::timestamp AT TIME ZONE zone;
BEGIN
  DELETE FROM history_rows WHERE user_id = target_user AND id = 'scan-pending:' || target_day::text;
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, number_of_scans, items)
  SELECT target_user, 'scan-pending:' || target_day::text, max(s.scanned_at), 'SCAN', 'PENDING', sum(p.deposit_minor)::int, count(*)::int,
         (SELECT jsonb_agg(jsonb_build_object('product_id', g.product_id, 'quantity', g.quantity, 'price_minor', NULL))
            FROM (SELECT product_id, count(*)::int AS quantity FROM scans
                   WHERE user_id = target_user AND status = 'PENDING' AND scanned_at >= day_start AND scanned_at < day_end
                   GROUP BY product_id) AS g)
    FROM scans s JOIN products p ON p.id = s.product_id
   WHERE s.user_id = target_user AND s.status = 'PENDING' AND s.scanned_at >= day_start AND s.scanned_at < day_end
  HAVING count(*) > 0;
END;
$$;
--> statement-breakpoint
-- One check-in batch of one customer: items grouped by product and credited price.
CREATE FUNCTION history_refresh_batch(target_user uuid, target_batch uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_rows WHERE user_id = target_user AND id = 'scan-batch:' || target_batch::text;
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, number_of_scans, items)
  SELECT target_user, 'scan-batch:' || target_batch::text, max(s.resolved_at), 'SCAN', 'COMPLETED', sum(s.credited_minor)::int, count(*)::int,
         (SELECT jsonb_agg(jsonb_build_object('product_id', g.product_id, 'quantity', g.quantity, 'price_minor', g.price))
            FROM (SELECT product_id, credited_minor AS price, count(*)::int AS quantity FROM scans
                   WHERE user_id = target_user AND checkin_batch_id = target_batch AND status = 'COMPLETED'
                   GROUP BY product_id, credited_minor) AS g)
    FROM scans s
   WHERE s.user_id = target_user AND s.checkin_batch_id = target_batch AND s.status = 'COMPLETED'
  HAVING count(*) > 0;
END;
$$;
--> statement-breakpoint
-- A scan that is neither pending nor credited (rejected, cancelled…) is a row of its own.
CREATE FUNCTION history_refresh_scan(target_user uuid, target_scan uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_rows WHERE user_id = target_user AND id = 'scan:' || target_scan::text;
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment, number_of_scans, items)
  SELECT s.user_id, 'scan:' || s.id::text, coalesce(s.resolved_at, s.created_at), 'SCAN', s.status, 0, s.reason, 1,
         jsonb_build_array(jsonb_build_object('product_id', s.product_id, 'quantity', 1, 'price_minor', NULL))
    FROM scans s
   WHERE s.id = target_scan AND s.user_id = target_user AND s.status NOT IN ('PENDING', 'COMPLETED');
END;
$$;
--> statement-breakpoint
-- Every row a set of changed scans touches (before and after the change): their pending days,
-- their batches, their own rows. Customers whose account is erased keep no history rows.
CREATE FUNCTION history_refresh_scans(changed jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k record;
BEGIN
  FOR k IN
    SELECT DISTINCT r.user_id, (r.scanned_at AT TIME ZONE market_time_zone(u.country_code))::date AS day, market_time_zone(u.country_code) AS zone
      FROM jsonb_to_recordset(changed) AS r(id uuid, user_id uuid, status text, scanned_at timestamptz, checkin_batch_id uuid)
      JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
     WHERE r.status = 'PENDING'
  LOOP
    PERFORM history_refresh_pending_day(k.user_id, k.day, k.zone);
  END LOOP;
  FOR k IN
    SELECT DISTINCT r.user_id, r.checkin_batch_id
      FROM jsonb_to_recordset(changed) AS r(id uuid, user_id uuid, status text, scanned_at timestamptz, checkin_batch_id uuid)
      JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
     WHERE r.checkin_batch_id IS NOT NULL
  LOOP
    PERFORM history_refresh_batch(k.user_id, k.checkin_batch_id);
  END LOOP;
  FOR k IN
    SELECT DISTINCT r.user_id, r.id
      FROM jsonb_to_recordset(changed) AS r(id uuid, user_id uuid, status text, scanned_at timestamptz, checkin_batch_id uuid)
      JOIN users u ON u.id = r.user_id AND u.deleted_at IS NULL
     WHERE r.status NOT IN ('PENDING', 'COMPLETED')
  LOOP
    PERFORM history_refresh_scan(k.user_id, k.id);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- New pending scans (the common write: a customer scanning in a shop) add to their day's line:
-- O(products) per scan, where rebuilding the day would cost O(scans that day).
CREATE FUNCTION history_add_pending(inserted jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO history_rows AS h (user_id, id, created_at, category, status, amount_minor, number_of_scans, items)
  SELECT d.user_id, 'scan-pending:' || d.day::text, d.last_scan, 'SCAN', 'PENDING', d.deposits, d.scans, d.items
    FROM (
      SELECT r.user_id, r.day, max(r.scanned_at) AS last_scan, sum(r.deposit_minor)::int AS deposits, count(*)::int AS scans,
             (SELECT jsonb_agg(jsonb_build_object('product_id', g.product_id, 'quantity', g.quantity, 'price_minor', NULL))
                FROM (SELECT x.product_id, count(*)::int AS quantity
                        FROM jsonb_to_recordset(inserted) AS x(user_id uuid, product_id text, status text, scanned_at timestamptz)
                        JOIN users xu ON xu.id = x.user_id
                       WHERE x.user_id = r.user_id AND x.status = 'PENDING'
                         AND (x.scanned_at AT TIME ZONE market_time_zone(xu.country_code))::date = r.day
                       GROUP BY x.product_id) AS g) AS items
        FROM (SELECT n.user_id, n.scanned_at, p.deposit_minor, (n.scanned_at AT TIME ZONE market_time_zone(u.country_code))::date AS day
                FROM jsonb_to_recordset(inserted) AS n(user_id uuid, product_id text, status text, scanned_at timestamptz)
                JOIN users u ON u.id = n.user_id AND u.deleted_at IS NULL
                JOIN products p ON p.id = n.product_id
               WHERE n.status = 'PENDING') AS r
       GROUP BY r.user_id, r.day
    ) AS d
  ON CONFLICT (user_id, id) DO UPDATE
    SET created_at = greatest(h.created_at, EXCLUDED.created_at),
        amount_minor = h.amount_minor + EXCLUDED.amount_minor,
        number_of_scans = h.number_of_scans + EXCLUDED.number_of_scans,
        items = (SELECT jsonb_agg(jsonb_build_object('product_id', t.product_id, 'quantity', t.quantity, 'price_minor', NULL))
                   FROM (SELECT e->>'product_id' AS product_id, sum((e->>'quantity')::int)::int AS quantity
                           FROM jsonb_array_elements(h.items || EXCLUDED.items) AS e GROUP BY 1) AS t);
END;
$$;
--> statement-breakpoint
-- These run after customer_versions_raise (trigger names sort "raises_version" before
-- "rebuilds_history"): the raise locks the customer's counter row, so two writes of one customer
-- rebuild their lines one after the other, each from what the other committed.
CREATE FUNCTION history_from_scans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM history_add_pending((SELECT jsonb_agg(to_jsonb(n)) FROM new_rows n WHERE n.status = 'PENDING'));
    PERFORM history_refresh_scans((SELECT jsonb_agg(to_jsonb(n)) FROM new_rows n WHERE n.status <> 'PENDING'));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM history_refresh_scans((SELECT jsonb_agg(to_jsonb(c)) FROM (SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows) AS c));
  ELSE
    PERFORM history_refresh_scans((SELECT jsonb_agg(to_jsonb(o)) FROM old_rows o));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER scans_insert_rebuilds_history AFTER INSERT ON scans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_from_scans();
--> statement-breakpoint
CREATE TRIGGER scans_update_rebuilds_history AFTER UPDATE ON scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_from_scans();
--> statement-breakpoint
CREATE TRIGGER scans_delete_rebuilds_history AFTER DELETE ON scans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_from_scans();
--> statement-breakpoint
CREATE FUNCTION history_from_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment)
  SELECT n.user_id, 'adjustment:' || n.id::text, n.created_at, 'ADJUSTMENT', 'COMPLETED', n.amount_minor, n.comment
    FROM new_rows n JOIN users u ON u.id = n.user_id AND u.deleted_at IS NULL
   WHERE n.kind = 'ADJUSTMENT';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_insert_rebuilds_history AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_from_ledger();
--> statement-breakpoint
-- The amount that left the balance shows negative, also on a FAILED or CANCELLED row (its money came back).
CREATE FUNCTION history_from_withdrawals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment, fee_minor, account_name, account_number)
  SELECT n.user_id, 'withdrawal:' || n.id::text, n.created_at, 'WITHDRAWAL', n.status, -n.amount_minor, n.reason, n.fee_minor, n.account_name, n.account_number
    FROM new_rows n JOIN users u ON u.id = n.user_id AND u.deleted_at IS NULL
  ON CONFLICT (user_id, id) DO UPDATE
    SET created_at = EXCLUDED.created_at, status = EXCLUDED.status, amount_minor = EXCLUDED.amount_minor, comment = EXCLUDED.comment,
        fee_minor = EXCLUDED.fee_minor, account_name = EXCLUDED.account_name, account_number = EXCLUDED.account_number;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_insert_rebuilds_history AFTER INSERT ON withdrawals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_from_withdrawals();
--> statement-breakpoint
CREATE TRIGGER withdrawals_update_rebuilds_history AFTER UPDATE ON withdrawals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_from_withdrawals();
--> statement-breakpoint
-- An erased account keeps no history rows (what the ledger must keep stays in the ledger).
CREATE FUNCTION history_forget_erased() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_rows h USING new_rows n WHERE h.user_id = n.id AND n.deleted_at IS NOT NULL;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_update_rebuilds_history AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION history_forget_erased();
--> statement-breakpoint
-- The rows of the history there is already.
DO $$
DECLARE
  k record;
BEGIN
  FOR k IN
    SELECT DISTINCT s.user_id, (s.scanned_at AT TIME ZONE market_time_zone(u.country_code))::date AS day, market_time_zone(u.country_code) AS zone
      FROM scans s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
     WHERE s.status = 'PENDING'
  LOOP
    PERFORM history_refresh_pending_day(k.user_id, k.day, k.zone);
  END LOOP;
  FOR k IN
    SELECT DISTINCT s.user_id, s.checkin_batch_id
      FROM scans s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
     WHERE s.status = 'COMPLETED'
  LOOP
    PERFORM history_refresh_batch(k.user_id, k.checkin_batch_id);
  END LOOP;
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment, number_of_scans, items)
  SELECT s.user_id, 'scan:' || s.id::text, coalesce(s.resolved_at, s.created_at), 'SCAN', s.status, 0, s.reason, 1,
         jsonb_build_array(jsonb_build_object('product_id', s.product_id, 'quantity', 1, 'price_minor', NULL))
    FROM scans s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
   WHERE s.status NOT IN ('PENDING', 'COMPLETED');
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment)
  SELECT e.user_id, 'adjustment:' || e.id::text, e.created_at, 'ADJUSTMENT', 'COMPLETED', e.amount_minor, e.comment
    FROM ledger_entries e JOIN users u ON u.id = e.user_id AND u.deleted_at IS NULL
   WHERE e.kind = 'ADJUSTMENT';
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment, fee_minor, account_name, account_number)
  SELECT w.user_id, 'withdrawal:' || w.id::text, w.created_at, 'WITHDRAWAL', w.status, -w.amount_minor, w.reason, w.fee_minor, w.account_name, w.account_number
    FROM withdrawals w JOIN users u ON u.id = w.user_id AND u.deleted_at IS NULL;
END;
$$;
