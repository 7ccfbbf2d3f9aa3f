-- The ledger is append-only: an entry, once written, is never changed or removed.
CREATE FUNCTION ledger_entries_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_refuse_change();
--> statement-breakpoint
-- Every entry moves the balance in the same transaction. The upsert locks the balance
-- row, so concurrent entries of one user apply one after the other, each to the latest
-- balance; balances_not_negative (CHECK balance_minor >= 0) then refuses any entry that
-- would take it below zero, and the whole transaction with it.
CREATE FUNCTION ledger_entries_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO balances (user_id, balance_minor, updated_at)
  VALUES (NEW.user_id, NEW.amount_minor, now())
  ON CONFLICT (user_id) DO UPDATE
    SET balance_minor = balances.balance_minor + EXCLUDED.balance_minor,
        updated_at = EXCLUDED.updated_at;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_balance
  AFTER INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_apply_to_balance();
