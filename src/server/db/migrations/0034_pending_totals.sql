-- GET /ops/payouts' totals (how many pending payouts, how much per currency) as an index-only scan: the
-- amounts ride in the index, so the sum never reads the payouts' rows. drizzle's schema cannot declare
-- INCLUDE; its snapshot knows the index by name, key and condition, which is all db:generate compares.
CREATE INDEX "withdrawals_pending_totals_idx" ON "withdrawals" USING btree ("currency") INCLUDE ("amount_minor","fee_minor") WHERE "withdrawals"."status" = 'PENDING';
