ALTER TABLE "customer_versions" ADD COLUMN "pending_scans" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_versions" ADD CONSTRAINT "customer_versions_pending_scans_not_negative" CHECK ("customer_versions"."pending_scans" >= 0);--> statement-breakpoint
-- The scans a customer holds in PENDING, counted where their version is raised: on the same row
-- (the customer's own lock, taken in user id order), so the count takes no lock of its own and is
-- right at every commit. POST /scans reads it instead of counting the customer's pending scans,
-- which cost a read of each one (docs/data.md, A version per customer).
CREATE FUNCTION customer_versions_raise_counting_pending(changed uuid[], pending_deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise(changed);
  -- Apart from the raise: an insert's row is checked before ON CONFLICT, so a negative change
  -- could not ride on it. The rows are this transaction's already.
  UPDATE customer_versions AS v SET pending_scans = v.pending_scans + changes.delta
  FROM (SELECT id, sum(delta)::int AS delta FROM unnest(changed, pending_deltas) AS c(id, delta) GROUP BY id) AS changes
  WHERE v.user_id = changes.id AND changes.delta <> 0;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION customer_versions_from_new_scans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise_counting_pending(array_agg(user_id), array_agg((status = 'PENDING')::int))
  FROM new_rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION customer_versions_from_changed_scans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise_counting_pending(array_agg(user_id), array_agg(delta))
  FROM (
    SELECT user_id, (status = 'PENDING')::int AS delta FROM new_rows
    UNION ALL
    SELECT user_id, -(status = 'PENDING')::int FROM old_rows
  ) AS changes;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION customer_versions_from_old_scans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise_counting_pending(array_agg(user_id), array_agg(-(status = 'PENDING')::int))
  FROM old_rows;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER scans_insert_raises_version ON scans;
--> statement-breakpoint
DROP TRIGGER scans_update_raises_version ON scans;
--> statement-breakpoint
DROP TRIGGER scans_delete_raises_version ON scans;
--> statement-breakpoint
CREATE TRIGGER scans_insert_raises_version AFTER INSERT ON scans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_scans();
--> statement-breakpoint
CREATE TRIGGER scans_update_raises_version AFTER UPDATE ON scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_changed_scans();
--> statement-breakpoint
CREATE TRIGGER scans_delete_raises_version AFTER DELETE ON scans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_old_scans();
--> statement-breakpoint
-- After the triggers: their lock on scans holds every other writer until this commits, so no scan
-- lands between the count and the first trigger.
INSERT INTO customer_versions AS v (user_id, version, pending_scans)
SELECT user_id, 0, count(*) FROM scans WHERE status = 'PENDING' GROUP BY user_id ORDER BY user_id
ON CONFLICT (user_id) DO UPDATE SET pending_scans = excluded.pending_scans;
