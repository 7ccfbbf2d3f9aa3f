CREATE TABLE "customer_news" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"row_id" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"push_handled_at" timestamp with time zone,
	"mail_handled_at" timestamp with time zone,
	CONSTRAINT "customer_news_kind_valid" CHECK ("customer_news"."kind" in ('SCAN_CREDITED', 'SCAN_REJECTED', 'WITHDRAWAL_PAID', 'WITHDRAWAL_FAILED', 'DISPUTE_RESOLVED'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_family_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_news" ADD CONSTRAINT "customer_news_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_family_id_session_families_id_fk" FOREIGN KEY ("session_family_id") REFERENCES "public"."session_families"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_news_user_idx" ON "customer_news" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notification_settings_due_idx" ON "notification_settings" USING btree ("due_at") WHERE "notification_settings"."due_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
-- Whatever writes news (the triggers below, a later one on another table, a hand-written fix)
-- queues it for delivery in the same transaction: the customer's settings row is marked due,
-- at once ('-infinity': before any clock, whosever it is), in user id order (two transactions
-- queueing overlapping customers lock them in one order), and
-- a NOTIFY, delivered at commit only, wakes a dispatcher that listens. A row a dispatcher has
-- claimed keeps its later due time (the lease); that dispatcher looks again when it is done.
CREATE FUNCTION customer_news_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_settings AS s (user_id, due_at)
  SELECT DISTINCT user_id, '-infinity'::timestamptz FROM new_rows ORDER BY user_id
  ON CONFLICT (user_id) DO UPDATE SET due_at = coalesce(s.due_at, excluded.due_at);
  PERFORM pg_notify('roundtrip_news', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER customer_news_insert_queues AFTER INSERT ON customer_news REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_news_queue();
--> statement-breakpoint
-- A check-in's credit: one piece of news per customer and batch, however many containers it
-- credited, written with the batch's ledger entry (one per customer and batch, after its scans
-- are marked COMPLETED, whether the check-in updates them one by one or together).
CREATE FUNCTION customer_news_from_credits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_news (user_id, kind, row_id, params)
  SELECT e.user_id, 'SCAN_CREDITED', 'scan-batch:' || e.checkin_batch_id::text,
         jsonb_build_object('amount_minor', e.amount_minor, 'currency', e.currency,
                            'count', (SELECT count(*) FROM scans s WHERE s.user_id = e.user_id AND s.checkin_batch_id = e.checkin_batch_id))
  FROM new_rows e
  WHERE e.kind = 'DEPOSIT_CREDIT' AND e.checkin_batch_id IS NOT NULL
  ORDER BY e.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_insert_writes_news AFTER INSERT ON ledger_entries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_news_from_credits();
--> statement-breakpoint
-- A rejected scan: one piece of news each (each is its own history row, with its reason). A
-- cancelled scan is not news: customer care or the customer's own expired claim did it, and no
-- money moved.
CREATE FUNCTION customer_news_from_scans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_news (user_id, kind, row_id, params)
  SELECT n.user_id, 'SCAN_REJECTED', 'scan:' || n.id::text, jsonb_build_object('reason', n.reason, 'product_id', n.product_id)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE o.status = 'PENDING' AND n.status = 'REJECTED'
  ORDER BY n.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER scans_update_writes_news AFTER UPDATE ON scans REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_news_from_scans();
--> statement-breakpoint
-- Withdrawals settled: paid (the amount received, fee taken), or not paid (FAILED or CANCELLED:
-- the money is back in the balance, with the operator's reason).
CREATE FUNCTION customer_news_from_withdrawals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_news (user_id, kind, row_id, params)
  SELECT n.user_id,
         CASE WHEN n.status = 'COMPLETED' THEN 'WITHDRAWAL_PAID' ELSE 'WITHDRAWAL_FAILED' END,
         'withdrawal:' || n.id::text,
         CASE WHEN n.status = 'COMPLETED'
           THEN jsonb_build_object('amount_minor', n.amount_minor - n.fee_minor, 'currency', n.currency)
           ELSE jsonb_build_object('amount_minor', n.amount_minor, 'currency', n.currency, 'reason', n.reason)
         END
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE o.status = 'PENDING' AND n.status IN ('COMPLETED', 'FAILED', 'CANCELLED')
  ORDER BY n.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER withdrawals_update_writes_news AFTER UPDATE ON withdrawals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customer_news_from_withdrawals();
--> statement-breakpoint
-- A subscription lives as long as the sign-in that made it: revoking the session (sign-out, a
-- password change elsewhere, refresh-token reuse, deletion) drops it in the same transaction.
CREATE FUNCTION push_subscriptions_end_with_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM push_subscriptions WHERE session_family_id IN (SELECT id FROM new_rows WHERE revoked_at IS NOT NULL);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER session_families_revoke_ends_push AFTER UPDATE ON session_families REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION push_subscriptions_end_with_session();
