-- A competing claim (0011) was only shown at a check-in that found the first scan still pending,
-- and the credit went to that first scan: a code photographed on a shelf and scanned first won
-- over the person who returned the container. A claim now stays OPEN until an operator resolves
-- it: AWARDED (the claimant returned it: their scan takes the container, the first scan is
-- cancelled) or DISMISSED (the first scan stands). While a claim is open nobody is credited for
-- the container, by check-in or by dispute; the triggers below are the last word on that.
ALTER TABLE "scan_claims" ADD COLUMN "status" text DEFAULT 'OPEN' NOT NULL;--> statement-breakpoint
ALTER TABLE "scan_claims" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "scan_claims" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
-- Claims whose first scan was credited before this change were shown at that check-in and the
-- money went out then; left open they would hold every later trip of the (reused) container.
UPDATE "scan_claims" c SET "status" = 'DISMISSED', "resolved_at" = coalesce(s."resolved_at", now()),
       "note" = 'Credited to the first scan at check-in, before claims were resolved by operators.'
  FROM "scans" s WHERE s."id" = c."pending_scan_id" AND s."status" = 'COMPLETED';--> statement-breakpoint
ALTER TABLE "scan_claims" ADD CONSTRAINT "scan_claims_status_valid" CHECK ("scan_claims"."status" in ('OPEN', 'AWARDED', 'DISMISSED'));--> statement-breakpoint
ALTER TABLE "scan_claims" ADD CONSTRAINT "scan_claims_resolved_when_closed" CHECK (("scan_claims"."status" = 'OPEN') = ("scan_claims"."resolved_at" is null));--> statement-breakpoint
-- One container trip pays one person: a first scan loses to one claim at most.
CREATE UNIQUE INDEX "scan_claims_one_award_per_scan" ON "scan_claims" USING btree ("pending_scan_id") WHERE "scan_claims"."status" = 'AWARDED';--> statement-breakpoint
CREATE INDEX "scan_claims_open_code_idx" ON "scan_claims" USING btree ("container_code") WHERE "scan_claims"."status" = 'OPEN';--> statement-breakpoint
-- No scan is credited at check-in while a claim on its container is open, nor a first scan that lost to a claim.
CREATE FUNCTION scans_refuse_claimed_credit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM scan_claims c
              WHERE (c.container_code = NEW.container_code AND c.status = 'OPEN')
                 OR (c.pending_scan_id = NEW.id AND c.status = 'AWARDED')) THEN
    RAISE EXCEPTION 'scans: container % has a claim', NEW.container_code
      USING ERRCODE = 'check_violation', CONSTRAINT = 'scans_claimed_not_credited';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER scans_claimed_not_credited BEFORE UPDATE OF status ON scans
  FOR EACH ROW WHEN (NEW.status = 'COMPLETED' AND OLD.status <> 'COMPLETED') EXECUTE FUNCTION scans_refuse_claimed_credit();--> statement-breakpoint
-- Nor is a dispute credited for such a scan.
CREATE FUNCTION disputes_refuse_claimed_credit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM dispute_scans ds
               JOIN scans s ON s.id = ds.scan_id
               JOIN scan_claims c ON c.container_code = s.container_code
              WHERE ds.dispute_id = NEW.id
                AND (c.status = 'OPEN' OR (c.status = 'AWARDED' AND c.pending_scan_id = s.id))) THEN
    RAISE EXCEPTION 'disputes: dispute % covers a claimed container', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'disputes_claimed_not_credited';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER disputes_claimed_not_credited BEFORE UPDATE OF status ON disputes
  FOR EACH ROW WHEN (NEW.status = 'CREDITED' AND OLD.status <> 'CREDITED') EXECUTE FUNCTION disputes_refuse_claimed_credit();--> statement-breakpoint
-- And a claim is not awarded once its first scan was credited (at check-in or by a dispute): that would pay twice.
CREATE FUNCTION scan_claims_refuse_award_after_credit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM scans s WHERE s.id = NEW.pending_scan_id AND s.status = 'COMPLETED')
     OR EXISTS (SELECT 1 FROM dispute_scans ds JOIN disputes d ON d.id = ds.dispute_id
                 WHERE ds.scan_id = NEW.pending_scan_id AND d.status = 'CREDITED') THEN
    RAISE EXCEPTION 'scan_claims: the first scan of claim % was credited', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'scan_claims_award_uncredited';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER scan_claims_award_uncredited BEFORE UPDATE OF status ON scan_claims
  FOR EACH ROW WHEN (NEW.status = 'AWARDED' AND OLD.status <> 'AWARDED') EXECUTE FUNCTION scan_claims_refuse_award_after_credit();
