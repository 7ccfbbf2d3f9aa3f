ALTER TABLE "containers" ADD COLUMN "first_scanned_at" timestamp with time zone;--> statement-breakpoint
-- A container leaves the list of codes never scanned at its first scan: the list is then an index
-- range of the codes still waiting, however many scans there are, instead of a search of every scan.
-- Only a container still unmarked is written, so a scan of a known container costs one index lookup.
CREATE FUNCTION containers_mark_first_scan() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE containers SET first_scanned_at = first_scans.scanned_at
  FROM (SELECT container_code, min(scanned_at) AS scanned_at FROM new_rows GROUP BY container_code) AS first_scans
  WHERE containers.code = first_scans.container_code AND containers.first_scanned_at IS NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scans_insert_marks_container AFTER INSERT ON scans REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION containers_mark_first_scan();
--> statement-breakpoint
UPDATE containers SET first_scanned_at = first_scans.scanned_at
FROM (SELECT container_code, min(scanned_at) AS scanned_at FROM scans GROUP BY container_code) AS first_scans
WHERE containers.code = first_scans.container_code;
--> statement-breakpoint
-- The index after the marks: built once over the containers still unscanned.
CREATE INDEX "containers_unscanned_idx" ON "containers" USING btree ("created_at","code") WHERE "containers"."first_scanned_at" is null;
