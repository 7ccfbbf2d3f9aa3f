-- Every entry moves the balance in the same transaction. The UPDATE locks the balance
-- row, so concurrent entries of one user apply one after the other, each to the latest
-- balance; balances_not_negative (CHECK balance_minor >= 0) then refuses any entry that
-- would take it below zero, and the whole transaction with it. (Not a plain upsert: the
-- CHECK is tested on the row an INSERT proposes, before ON CONFLICT turns it into an
-- update, so a debit would always fail there.) A first entry creates the row; two
-- first entries at once meet in ON CONFLICT, which adds them up.
CREATE OR REPLACE FUNCTION ledger_entries_apply_to_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE balances
     SET balance_minor = balance_minor + NEW.amount_minor, updated_at = now()
   WHERE user_id = NEW.user_id;
  IF NOT FOUND THEN
    INSERT INTO balances (user_id, balance_minor, updated_at)
    VALUES (NEW.user_id, NEW.amount_minor, now())
    ON CONFLICT (user_id) DO UPDATE
      SET balance_minor = balances.balance_minor + EXCLUDED.balance_minor,
          updated_at = EXCLUDED.updated_at;
  END IF;
  RETURN NEW;
END;
$$;
