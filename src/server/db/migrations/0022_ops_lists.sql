-- Operator lists a page at a time (keyset on (created_at, id)): each list's filter and order is one
-- index range (docs/data.md, Operator lists).
DROP INDEX "dispute_scans_dispute_idx";--> statement-breakpoint
DROP INDEX "operator_approvals_pending_idx";--> statement-breakpoint
DROP INDEX "withdrawals_pending_idx";--> statement-breakpoint
CREATE INDEX "dispute_scans_dispute_scan_idx" ON "dispute_scans" USING btree ("dispute_id","scan_id");--> statement-breakpoint
CREATE INDEX "disputes_created_idx" ON "disputes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operator_approvals_created_idx" ON "operator_approvals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "scan_claims_open_idx" ON "scan_claims" USING btree ("created_at","id") WHERE "scan_claims"."status" = 'OPEN';--> statement-breakpoint
CREATE INDEX "scan_claims_created_idx" ON "scan_claims" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "operator_approvals_pending_idx" ON "operator_approvals" USING btree ("created_at","id") WHERE "operator_approvals"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "withdrawals_pending_idx" ON "withdrawals" USING btree ("created_at","id") WHERE "withdrawals"."status" = 'PENDING';--> statement-breakpoint
-- Withdrawals' UPDATE triggers fire only when a column they read changes. The payout export
-- marks every pending row (exported_at, export_batch, provider) in one UPDATE: with statement
-- triggers over its transition tables, that rewrote each customer's history line, raised each
-- customer's version (every phone's cached answers thrown away) and joined the old and new rows
-- for the news, for 50,000 rows, although nothing a customer reads had changed. PostgreSQL
-- allows no column list or WHEN on a trigger with transition tables, so these are row triggers
-- with both: a row whose watched columns are not set, or set to what they were, queues nothing.
-- Writers that change such columns touch one customer at a time (a settlement, an erasure, a
-- key rotation), where a row trigger costs what the statement trigger did.
DROP TRIGGER withdrawals_update_raises_version ON withdrawals;
--> statement-breakpoint
DROP TRIGGER withdrawals_update_rebuilds_history ON withdrawals;
--> statement-breakpoint
DROP TRIGGER withdrawals_update_writes_news ON withdrawals;
--> statement-breakpoint
-- Both customers when a row moves from one to another (a hand-written fix): each one's calls change.
CREATE FUNCTION customer_versions_from_withdrawal_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_versions_raise(ARRAY[OLD.user_id, NEW.user_id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Everything but the export's own marks: the customer's calls and their data export show the rest.
CREATE TRIGGER withdrawals_update_raises_version
  AFTER UPDATE OF user_id, idempotency_key, amount_minor, fee_minor, currency, method, status, payout_details,
    account_name, account_number, provider_reference, reason, resolved_at, created_at ON withdrawals
  FOR EACH ROW
  WHEN ((OLD.user_id, OLD.idempotency_key, OLD.amount_minor, OLD.fee_minor, OLD.currency, OLD.method, OLD.status,
         OLD.payout_details, OLD.account_name, OLD.account_number, OLD.provider_reference, OLD.reason, OLD.resolved_at,
         OLD.created_at)
        IS DISTINCT FROM
        (NEW.user_id, NEW.idempotency_key, NEW.amount_minor, NEW.fee_minor, NEW.currency, NEW.method, NEW.status,
         NEW.payout_details, NEW.account_name, NEW.account_number, NEW.provider_reference, NEW.reason, NEW.resolved_at,
         NEW.created_at))
  EXECUTE FUNCTION customer_versions_from_withdrawal_row();
--> statement-breakpoint
-- The line of migration 0010's history_from_withdrawals, for one row.
CREATE FUNCTION history_from_withdrawal_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.user_id IS DISTINCT FROM NEW.user_id THEN
    DELETE FROM history_rows WHERE user_id = OLD.user_id AND id = 'withdrawal:' || OLD.id::text;
  END IF;
  INSERT INTO history_rows (user_id, id, created_at, category, status, amount_minor, comment, fee_minor, account_name, account_number)
  SELECT NEW.user_id, 'withdrawal:' || NEW.id::text, NEW.created_at, 'WITHDRAWAL', NEW.status, -NEW.amount_minor, NEW.reason,
         NEW.fee_minor, NEW.account_name, NEW.account_number
    FROM users u WHERE u.id = NEW.user_id AND u.deleted_at IS NULL
  ON CONFLICT (user_id, id) DO UPDATE
    SET created_at = EXCLUDED.created_at, status = EXCLUDED.status, amount_minor = EXCLUDED.amount_minor, comment = EXCLUDED.comment,
        fee_minor = EXCLUDED.fee_minor, account_name = EXCLUDED.account_name, account_number = EXCLUDED.account_number;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The columns the history line is made of. Named after the version's trigger, it runs after it
-- for each row, so the customer's version row is held before their line is written (0010).
CREATE TRIGGER withdrawals_update_rebuilds_history
  AFTER UPDATE OF user_id, created_at, status, amount_minor, reason, fee_minor, account_name, account_number ON withdrawals
  FOR EACH ROW
  WHEN ((OLD.user_id, OLD.created_at, OLD.status, OLD.amount_minor, OLD.reason, OLD.fee_minor, OLD.account_name, OLD.account_number)
        IS DISTINCT FROM
        (NEW.user_id, NEW.created_at, NEW.status, NEW.amount_minor, NEW.reason, NEW.fee_minor, NEW.account_name, NEW.account_number))
  EXECUTE FUNCTION history_from_withdrawal_row();
--> statement-breakpoint
-- The news of migration 0013's customer_news_from_withdrawals, for one settled row.
CREATE FUNCTION customer_news_from_withdrawal_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_news (user_id, kind, row_id, params)
  VALUES (NEW.user_id,
          CASE WHEN NEW.status = 'COMPLETED' THEN 'WITHDRAWAL_PAID' ELSE 'WITHDRAWAL_FAILED' END,
          'withdrawal:' || NEW.id::text,
          CASE WHEN NEW.status = 'COMPLETED'
            THEN jsonb_build_object('amount_minor', NEW.amount_minor - NEW.fee_minor, 'currency', NEW.currency)
            ELSE jsonb_build_object('amount_minor', NEW.amount_minor, 'currency', NEW.currency, 'reason', NEW.reason)
          END);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_update_writes_news
  AFTER UPDATE OF status ON withdrawals
  FOR EACH ROW
  WHEN (OLD.status = 'PENDING' AND NEW.status IN ('COMPLETED', 'FAILED', 'CANCELLED'))
  EXECUTE FUNCTION customer_news_from_withdrawal_row();
--> statement-breakpoint
DROP FUNCTION customer_news_from_withdrawals();
