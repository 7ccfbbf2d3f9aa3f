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
CREATE INDEX "dsar_requests_email_idx" ON "dsar_requests" USING btree ("email");--> statement-breakpoint
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
