-- GET /ops/payouts' totals (how many pending payouts, how much per currency) as an index-only scan: the
-- amounts ride in the index, so the sum never reads the payouts' rows. drizzle's schema cannot declare
-- INCLUDE; its snapshot knows the index by name, key and condition, which is all db:generate compares.
CREATE INDEX "withdrawals_pending_totals_idx" ON "withdrawals" USING btree ("currency") INCLUDE ("amount_minor","fee_minor") WHERE "withdrawals"."status" = 'PENDING';--> statement-breakpoint
-- GET /ops/dsar and GET /ops/operators a page at a time: (time, id) after the last row shown, read as an index range.
CREATE INDEX "dsar_requests_open_due_idx" ON "dsar_requests" USING btree ("due_at","id") WHERE "dsar_requests"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "dsar_requests_due_idx" ON "dsar_requests" USING btree ("due_at","id");--> statement-breakpoint
CREATE INDEX "operators_created_idx" ON "operators" USING btree ("created_at","id");
