-- A settled dispute is news for its customer, written in the transaction that settles it, like the
-- other money news of 0013 (which queues delivery from the insert). The news opens the disputed
-- scan's history row. A dispute credit is a DISPUTE_CREDIT ledger entry without a check-in batch,
-- so the check-in credit news of 0013 does not announce it a second time.
CREATE FUNCTION customer_news_from_disputes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_news (user_id, kind, row_id, params)
  SELECT n.user_id, 'DISPUTE_RESOLVED',
         coalesce((SELECT 'scan:' || ds.scan_id::text FROM dispute_scans ds WHERE ds.dispute_id = n.id ORDER BY ds.scan_id LIMIT 1),
                  'dispute:' || n.id::text),
         CASE WHEN n.status = 'CREDITED'
           THEN jsonb_build_object('outcome', 'credited', 'amount_minor', n.amount_minor, 'currency', n.currency)
           ELSE jsonb_build_object('outcome', 'upheld', 'reason', n.answer)
         END
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE o.status = 'OPEN' AND n.status IN ('CREDITED', 'UPHELD')
  ORDER BY n.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER disputes_update_writes_news AFTER UPDATE ON disputes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_news_from_disputes();
