CREATE TABLE "data_request_counts" (
	"due_on" date NOT NULL,
	"open" boolean NOT NULL,
	"requests" bigint NOT NULL,
	CONSTRAINT "data_request_counts_pkey" PRIMARY KEY("due_on","open"),
	CONSTRAINT "data_request_counts_not_negative" CHECK ("data_request_counts"."requests" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dispute_counts" (
	"open" boolean NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"disputes" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "dispute_counts_pkey" PRIMARY KEY("open","currency","reason"),
	CONSTRAINT "dispute_counts_not_negative" CHECK ("dispute_counts"."disputes" >= 0 and "dispute_counts"."amount_minor" >= 0)
);
--> statement-breakpoint
-- The console's totals of disputes and of data requests, kept per group by statement-level triggers:
-- a total adds up a few rows instead of reading every open dispute or request. A statement's changes
-- are summed per group first and written in the groups' order, so two statements touching the same
-- groups lock their rows in the same order and one waits for the other rather than deadlocking.
CREATE FUNCTION dispute_counts_add(open boolean[], currency text[], reason text[], delta bigint[], minor bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH changes AS (
    SELECT c.open, c.currency, c.reason, sum(c.delta) AS delta, sum(c.minor) AS minor
    FROM unnest(open, currency, reason, delta, minor) AS c(open, currency, reason, delta, minor)
    GROUP BY c.open, c.currency, c.reason
    HAVING sum(c.delta) <> 0 OR sum(c.minor) <> 0
  )
  -- A group seen for the first time is inserted with its change; a known one gets its change added.
  -- (PostgreSQL checks the proposed row before it finds the conflict: a removal proposes zero.)
  INSERT INTO dispute_counts AS counts (open, currency, reason, disputes, amount_minor)
  SELECT changes.open, changes.currency, changes.reason, greatest(changes.delta, 0), greatest(changes.minor, 0)
  FROM changes ORDER BY changes.open, changes.currency, changes.reason
  ON CONFLICT (open, currency, reason) DO UPDATE SET
    disputes = counts.disputes + (SELECT changes.delta FROM changes
      WHERE (changes.open, changes.currency, changes.reason) = (excluded.open, excluded.currency, excluded.reason)),
    amount_minor = counts.amount_minor + (SELECT changes.minor FROM changes
      WHERE (changes.open, changes.currency, changes.reason) = (excluded.open, excluded.currency, excluded.reason));
$$;
--> statement-breakpoint
CREATE FUNCTION dispute_counts_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The customers' own lock first (customer_versions, in user id order, as every write of theirs
  -- takes it: wallet/customer-locks.ts), the shared count after: this trigger runs before the one
  -- that raises their version, and a count held while waiting for a customer held by a writer that
  -- waits for the count would deadlock.
  INSERT INTO customer_versions AS v (user_id, version)
  SELECT rows.user_id, 0 FROM (SELECT DISTINCT user_id FROM new_rows) AS rows ORDER BY rows.user_id
  ON CONFLICT (user_id) DO UPDATE SET version = v.version;
  PERFORM dispute_counts_add(array_agg(status = 'OPEN'), array_agg(currency), array_agg(reason), array_agg(1::bigint), array_agg(amount_minor::bigint))
  FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dispute_counts_from_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The customers' own lock first, as above.
  INSERT INTO customer_versions AS v (user_id, version)
  SELECT rows.user_id, 0 FROM (SELECT DISTINCT user_id FROM old_rows) AS rows ORDER BY rows.user_id
  ON CONFLICT (user_id) DO UPDATE SET version = v.version;
  PERFORM dispute_counts_add(array_agg(status = 'OPEN'), array_agg(currency), array_agg(reason), array_agg(-1::bigint), array_agg(-amount_minor::bigint))
  FROM old_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION dispute_counts_from_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The customers' own lock first, as above.
  INSERT INTO customer_versions AS v (user_id, version)
  SELECT rows.user_id, 0 FROM (SELECT DISTINCT user_id FROM new_rows) AS rows ORDER BY rows.user_id
  ON CONFLICT (user_id) DO UPDATE SET version = v.version;
  PERFORM dispute_counts_add(array_agg(c.open), array_agg(c.currency), array_agg(c.reason), array_agg(c.delta), array_agg(c.minor))
  FROM (
    SELECT status = 'OPEN' AS open, currency, reason, 1::bigint AS delta, amount_minor::bigint AS minor FROM new_rows
    UNION ALL
    SELECT status = 'OPEN', currency, reason, -1::bigint, -amount_minor::bigint FROM old_rows
  ) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER disputes_insert_counts AFTER INSERT ON disputes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dispute_counts_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER disputes_update_counts AFTER UPDATE ON disputes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dispute_counts_from_changed_rows();
--> statement-breakpoint
CREATE TRIGGER disputes_delete_counts AFTER DELETE ON disputes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dispute_counts_from_old_rows();
--> statement-breakpoint
INSERT INTO dispute_counts (open, currency, reason, disputes, amount_minor)
  SELECT status = 'OPEN', currency, reason, count(*), sum(amount_minor) FROM disputes GROUP BY 1, 2, 3;
--> statement-breakpoint
-- A request's day is its deadline's date in UTC; the totals compare today's requests with the hour.
CREATE FUNCTION data_request_counts_add(due_on date[], open boolean[], delta bigint[]) RETURNS void LANGUAGE sql AS $$
  WITH changes AS (
    SELECT c.due_on, c.open, sum(c.delta) AS delta
    FROM unnest(due_on, open, delta) AS c(due_on, open, delta)
    GROUP BY c.due_on, c.open
    HAVING sum(c.delta) <> 0
  )
  INSERT INTO data_request_counts AS counts (due_on, open, requests)
  SELECT changes.due_on, changes.open, greatest(changes.delta, 0) FROM changes ORDER BY changes.due_on, changes.open
  ON CONFLICT (due_on, open) DO UPDATE SET
    requests = counts.requests + (SELECT changes.delta FROM changes WHERE (changes.due_on, changes.open) = (excluded.due_on, excluded.open));
$$;
--> statement-breakpoint
CREATE FUNCTION data_request_counts_from_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM data_request_counts_add(array_agg((due_at AT TIME ZONE 'UTC')::date), array_agg(closed_at IS NULL), array_agg(1::bigint))
  FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION data_request_counts_from_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM data_request_counts_add(array_agg((due_at AT TIME ZONE 'UTC')::date), array_agg(closed_at IS NULL), array_agg(-1::bigint))
  FROM old_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION data_request_counts_from_changed_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM data_request_counts_add(array_agg(c.due_on), array_agg(c.open), array_agg(c.delta))
  FROM (
    SELECT (due_at AT TIME ZONE 'UTC')::date AS due_on, closed_at IS NULL AS open, 1::bigint AS delta FROM new_rows
    UNION ALL
    SELECT (due_at AT TIME ZONE 'UTC')::date, closed_at IS NULL, -1::bigint FROM old_rows
  ) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dsar_requests_insert_counts AFTER INSERT ON dsar_requests REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION data_request_counts_from_new_rows();
--> statement-breakpoint
CREATE TRIGGER dsar_requests_update_counts AFTER UPDATE ON dsar_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION data_request_counts_from_changed_rows();
--> statement-breakpoint
CREATE TRIGGER dsar_requests_delete_counts AFTER DELETE ON dsar_requests REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION data_request_counts_from_old_rows();
--> statement-breakpoint
INSERT INTO data_request_counts (due_on, open, requests)
  SELECT (due_at AT TIME ZONE 'UTC')::date, closed_at IS NULL, count(*) FROM dsar_requests GROUP BY 1, 2;
