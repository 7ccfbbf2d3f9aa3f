-- A credited dispute moves money, so its history row carries the amount (docs/product.md, The
-- history accounts for the balance): each disputed scan's row shows its share of the credit and
-- is dated when the credit was made, as a check-in row is dated by its check-in. A dispute of a
-- pending day covers several scans, each on its own row: each shows its product's deposit, and
-- the first scan (by id, the row the dispute's news opens) takes what is left of the credited
-- amount, so the rows add up to exactly what the ledger credited even if a deposit changed
-- since the filing. An open or upheld dispute moved nothing: 0, as before.
CREATE OR REPLACE FUNCTION history_refresh_scan(target_user uuid, target_scan uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM history_rows WHERE user_id = target_user AND id = 'scan:' || target_scan::text;
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment, number_of_scans, items, dispute, disputable)
  SELECT s.user_id, 'scan:' || s.id::text, coalesce(d.credited_at, s.resolved_at, s.created_at), 'SCAN', s.status,
         coalesce(d.credited_minor, 0), s.reason, 1,
         jsonb_build_array(jsonb_build_object('product_id', s.product_id, 'quantity', 1, 'price_minor', NULL)),
         d.summary, d.summary IS NULL AND scan_disputable(s.status, s.scanned_at, s.resolved_at)
    FROM scans s
    LEFT JOIN LATERAL (
      SELECT jsonb_build_object('id', d.id, 'status', d.status, 'reason', d.reason, 'answer', d.answer,
                                'amount_minor', d.amount_minor, 'created_at', d.created_at, 'resolved_at', d.resolved_at) AS summary,
             CASE WHEN d.status = 'CREDITED' THEN d.resolved_at END AS credited_at,
             CASE
               WHEN d.status <> 'CREDITED' THEN 0
               WHEN s.id = (SELECT first.scan_id FROM dispute_scans first WHERE first.dispute_id = d.id ORDER BY first.scan_id LIMIT 1)
                 THEN d.amount_minor - coalesce((SELECT sum(op.deposit_minor)
                                                   FROM dispute_scans other
                                                   JOIN scans os ON os.id = other.scan_id
                                                   JOIN products op ON op.id = os.product_id
                                                  WHERE other.dispute_id = d.id AND other.scan_id <> s.id), 0)::int
               ELSE (SELECT p.deposit_minor FROM products p WHERE p.id = s.product_id)
             END AS credited_minor
        FROM dispute_scans ds JOIN disputes d ON d.id = ds.dispute_id WHERE ds.scan_id = s.id) AS d ON true
   WHERE s.id = target_scan AND s.user_id = target_user AND s.status NOT IN ('PENDING', 'COMPLETED');
END;
$$;
--> statement-breakpoint
-- The rows of disputes credited before this change, and their customers' versions (cached
-- histories and ETags change with them).
DO $$
BEGIN
  PERFORM customer_versions_raise(ARRAY(SELECT DISTINCT d.user_id FROM disputes d WHERE d.status = 'CREDITED'));
  PERFORM history_refresh_disputed(ARRAY(
    SELECT ds.scan_id FROM dispute_scans ds JOIN disputes d ON d.id = ds.dispute_id WHERE d.status = 'CREDITED'));
END;
$$;
