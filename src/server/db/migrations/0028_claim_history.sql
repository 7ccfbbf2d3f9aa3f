-- A container someone else scanned first becomes a claim (0011, 0017), which the claimant could not
-- see anywhere once the scan screen was left: not in the pending count, the history, the news or
-- the export. Its history row now follows it to its end, written in the transaction of each change:
-- - OPEN: `claim:<id>`, a PENDING SCAN row carrying the deposit at stake, dated when scanned
--   ("under review: someone else scanned this container first");
-- - AWARDED: the row goes; the claimant holds the container with a pending scan of that day
--   (claims.ts, giveContainerTo), which the pending day's row shows and the next check-in credits;
-- - DISMISSED: a REJECTED SCAN row of 0 dated at the decision, the reason in the claimant's language.
-- A decision is news (CLAIM_DECIDED) that opens the row it changed, and raises the claimant's
-- version, so cached histories and balances follow.
ALTER TABLE "customer_news" DROP CONSTRAINT "customer_news_kind_valid";--> statement-breakpoint
ALTER TABLE "customer_news" ADD CONSTRAINT "customer_news_kind_valid" CHECK ("customer_news"."kind" in ('SCAN_CREDITED', 'SCAN_REJECTED', 'WITHDRAWAL_PAID', 'WITHDRAWAL_FAILED', 'DISPUTE_RESOLVED', 'CLAIM_DECIDED'));--> statement-breakpoint
-- Why a dismissed claim was not credited, in the claimant's language (the operator's note stays internal).
CREATE FUNCTION claim_dismissed_reason(locale text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE split_part(coalesce(locale, ''), '-', 1)
    WHEN 'fr' THEN 'Notre équipe a constaté que ce contenant a été rendu par la personne qui l’a scanné en premier.'
    WHEN 'ja' THEN '確認の結果、この容器は先にスキャンした方によって返却されていました。'
    ELSE 'Our team found that this container was returned by the person who scanned it first.' END
$$;
--> statement-breakpoint
CREATE FUNCTION history_refresh_claim(target_claim uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_rows h USING scan_claims c
   WHERE c.id = target_claim AND h.user_id = c.user_id AND h.id = 'claim:' || c.id::text;
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment, number_of_scans, items)
  SELECT c.user_id, 'claim:' || c.id::text,
         CASE WHEN c.status = 'OPEN' THEN c.scanned_at ELSE c.resolved_at END,
         'SCAN',
         CASE WHEN c.status = 'OPEN' THEN 'PENDING' ELSE 'REJECTED' END,
         CASE WHEN c.status = 'OPEN' THEN p.deposit_minor ELSE 0 END,
         CASE WHEN c.status = 'DISMISSED' THEN claim_dismissed_reason(u.locale) END,
         1,
         jsonb_build_array(jsonb_build_object('product_id', k.product_id, 'quantity', 1, 'price_minor', NULL))
    FROM scan_claims c
    JOIN containers k ON k.code = c.container_code
    JOIN products p ON p.id = k.product_id
    JOIN users u ON u.id = c.user_id
   WHERE c.id = target_claim AND c.status IN ('OPEN', 'DISMISSED');
END;
$$;
--> statement-breakpoint
CREATE FUNCTION history_from_claims() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM history_refresh_claim(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER scan_claims_write_history AFTER INSERT OR UPDATE OF status ON scan_claims
  FOR EACH ROW EXECUTE FUNCTION history_from_claims();--> statement-breakpoint
CREATE TRIGGER scan_claims_insert_raises_version AFTER INSERT ON scan_claims REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_rows();--> statement-breakpoint
CREATE TRIGGER scan_claims_update_raises_version AFTER UPDATE ON scan_claims REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_versions_from_new_rows();--> statement-breakpoint
-- Awarded: the news opens the pending day that now holds the claimant's scan; dismissed: the claim's row.
CREATE FUNCTION customer_news_from_claims() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_news (user_id, kind, row_id, params)
  SELECT n.user_id, 'CLAIM_DECIDED',
         CASE WHEN n.status = 'AWARDED'
           THEN coalesce((SELECT 'scan-pending:' || (s.scanned_at AT TIME ZONE market_time_zone(u.country_code))::date::text
                            FROM scans s
                           WHERE s.user_id = n.user_id AND s.container_code = n.container_code AND s.status = 'PENDING'
                           ORDER BY s.created_at DESC LIMIT 1),
                         'claim:' || n.id::text)
           ELSE 'claim:' || n.id::text
         END,
         CASE WHEN n.status = 'AWARDED'
           THEN jsonb_build_object('outcome', 'awarded')
           ELSE jsonb_build_object('outcome', 'dismissed', 'reason', claim_dismissed_reason(u.locale))
         END
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN users u ON u.id = n.user_id
   WHERE o.status = 'OPEN' AND n.status IN ('AWARDED', 'DISMISSED') AND u.deleted_at IS NULL
   ORDER BY n.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER scan_claims_update_writes_news AFTER UPDATE ON scan_claims REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_news_from_claims();--> statement-breakpoint
-- The claims made before this change: open ones and dismissed ones get their rows.
DO $$
DECLARE
  existing record;
BEGIN
  FOR existing IN SELECT id FROM scan_claims WHERE status IN ('OPEN', 'DISMISSED') LOOP
    PERFORM history_refresh_claim(existing.id);
  END LOOP;
  PERFORM customer_versions_raise(ARRAY(SELECT DISTINCT user_id FROM scan_claims));
END;
$$;
