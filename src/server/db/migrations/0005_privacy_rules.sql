-- No scan is recorded for an erased account. The deletion locks the user row FOR UPDATE while it
-- checks for pending scans; a scan insert racing it waits on that lock. Under READ COMMITTED,
-- SELECT … FOR KEY SHARE re-reads the row once the deletion commits, sees deleted_at set, finds
-- nothing, and the scan is refused: a pending scan (and so a later credit) can never land on an
-- account that was checked and erased.
CREATE FUNCTION scans_refuse_erased_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM users WHERE id = NEW.user_id AND deleted_at IS NULL FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'scans: account % is deleted', NEW.user_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER scans_account_not_erased
  BEFORE INSERT ON scans
  FOR EACH ROW EXECUTE FUNCTION scans_refuse_erased_account();
