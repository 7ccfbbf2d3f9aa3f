CREATE TABLE "customer_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Raise the counter of each customer in `changed`, in user id order (two transactions raising
-- overlapping sets then lock the rows in one order and cannot deadlock on them), and tell the
-- listeners which version each customer is now at. NOTIFY is delivered when the transaction
-- commits, and not at all if it rolls back.
CREATE FUNCTION customer_versions_raise(changed uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  raised record;
BEGIN
  FOR raised IN
    INSERT INTO customer_versions AS v (user_id, version)
    SELECT id, 1 FROM (SELECT DISTINCT unnest(changed) AS id) AS ids WHERE id IS NOT NULL ORDER BY id
    ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1
    RETURNING v.user_id, v.version
  LOOP
    PERFORM pg_notify('roundtrip_customer', raised.user_id::text || ':' || raised.version::text);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- One statement-level trigger per table and event (transition tables allow one event each):
-- a check-in of 500 containers raises each customer once, not 500 times.
CREATE FUNCTION customer_versions_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise(ARRAY(SELECT user_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION customer_versions_from_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise(ARRAY(SELECT user_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Sessions: an embedded server keeps checked access tokens in memory and drops a customer's on
-- this signal (sign-out, revocation, a password change, deletion). Payload: the user id.
CREATE FUNCTION sessions_changed_notify(changed uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  changed_user uuid;
BEGIN
  FOR changed_user IN SELECT DISTINCT unnest(changed) LOOP
    PERFORM pg_notify('roundtrip_session', changed_user::text);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sessions_changed_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sessions_changed_notify(ARRAY(SELECT user_id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION sessions_changed_from_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sessions_changed_notify(ARRAY(SELECT user_id FROM old_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The account row feeds both: GET /user answers from it, and a deleted account has no session.
CREATE FUNCTION customer_versions_from_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise(ARRAY(SELECT id FROM new_rows));
  PERFORM sessions_changed_notify(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER scans_insert_raises_version AFTER INSERT ON scans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER scans_update_raises_version AFTER UPDATE ON scans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER scans_delete_raises_version AFTER DELETE ON scans REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_old_rows();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_insert_raises_version AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER withdrawals_insert_raises_version AFTER INSERT ON withdrawals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER withdrawals_update_raises_version AFTER UPDATE ON withdrawals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER users_update_raises_version AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_users();
--> statement-breakpoint
CREATE TRIGGER session_families_update_notifies AFTER UPDATE ON session_families REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER session_families_delete_notifies AFTER DELETE ON session_families REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_from_old_rows();
--> statement-breakpoint
CREATE TRIGGER access_tokens_delete_notifies AFTER DELETE ON access_tokens REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sessions_changed_from_old_rows();
