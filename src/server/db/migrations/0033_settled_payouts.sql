-- Finance's settled payouts, newest settled first, a page at a time (GET /ops/payouts?status=settled):
-- what was paid, failed or cancelled, read as an index range.
CREATE INDEX "withdrawals_settled_idx" ON "withdrawals" USING btree ("resolved_at","id") WHERE "withdrawals"."status" <> 'PENDING';
