-- Care's resolved disputes and claims, newest resolved first, a page at a time (GET /ops/disputes and
-- GET /ops/claims with status=resolved): the history of what was decided, read as an index range.
CREATE INDEX "disputes_resolved_idx" ON "disputes" USING btree ("resolved_at","id") WHERE "disputes"."status" <> 'OPEN';--> statement-breakpoint
CREATE INDEX "scan_claims_resolved_idx" ON "scan_claims" USING btree ("resolved_at","id") WHERE "scan_claims"."status" <> 'OPEN';
