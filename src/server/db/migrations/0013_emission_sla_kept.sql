-- The SLA statistic (spec part 2 §9: count, average and P95 of the positive times from submission
-- to issue over the agency's issued emissions) was computed from every issued emission on each
-- emission's page and on each creation: 140 ms at 52,000 issued emissions, inside every
-- POST /emissions. It changes only when an emission's submission or issue time, or its deletion,
-- changes (a new emission is not issued yet), so it is kept per agency in emission_sla_stats and
-- recomputed by the statement that makes such a change; readers read one row.
CREATE TABLE "emission_sla_stats" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"sla_count" integer DEFAULT 0 NOT NULL,
	"sla_total_ms" numeric DEFAULT '0' NOT NULL,
	"sla_p95_ms" numeric
);
--> statement-breakpoint
ALTER TABLE "emission_sla_stats" ADD CONSTRAINT "emission_sla_stats_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON emission_sla_stats TO milheiro_app;
--> statement-breakpoint
ALTER TABLE emission_sla_stats ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON emission_sla_stats USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
-- Recomputes the agency's row over emissions_sla_idx (whole milliseconds, as the browser reads the
-- timestamps; positive times only; P95 at ⌊95 × n ÷ 100⌋ of the sorted times). The row is locked
-- first: a concurrent refresh waits for it and, in READ COMMITTED, then reads a snapshot that holds
-- what the other one committed, so the last to commit writes the whole truth. Nothing for an agency
-- being deleted (its emissions go in the same cascade).
CREATE OR REPLACE FUNCTION emission_sla_refresh(agency uuid) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM agencies WHERE id = agency) THEN
    RETURN;
  END IF;
  INSERT INTO emission_sla_stats (agency_id) VALUES (agency) ON CONFLICT (agency_id) DO NOTHING;
  PERFORM 1 FROM emission_sla_stats WHERE agency_id = agency FOR UPDATE;
  UPDATE emission_sla_stats s SET sla_count = a.n, sla_total_ms = a.total, sla_p95_ms = a.p95
  FROM (
    WITH sla_ms AS (
      SELECT floor(extract(epoch FROM issued_at) * 1000) - floor(extract(epoch FROM submitted_at) * 1000) AS ms
      FROM emissions
      WHERE agency_id = agency AND deleted_at IS NULL AND submitted_at IS NOT NULL AND issued_at IS NOT NULL
    ), sla AS (
      SELECT ms, row_number() OVER (ORDER BY ms) - 1 AS i, count(*) OVER () AS n FROM sla_ms WHERE ms > 0
    )
    SELECT (SELECT count(*) FROM sla) AS n, (SELECT coalesce(sum(ms), 0) FROM sla) AS total,
      (SELECT ms FROM sla WHERE i = least((95 * n) / 100, n - 1)) AS p95
  ) a
  WHERE s.agency_id = agency;
END
$$;
--> statement-breakpoint
-- After each statement on emissions: the agencies whose statistic it may have changed, refreshed
-- in key order (two statements cannot deadlock on the rows). Creating a not-yet-issued emission
-- refreshes nothing.
CREATE OR REPLACE FUNCTION emission_sla_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  agency uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR agency IN SELECT DISTINCT agency_id FROM new_rows
      WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL ORDER BY 1 LOOP
      PERFORM emission_sla_refresh(agency);
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    FOR agency IN SELECT DISTINCT n.agency_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.submitted_at, o.issued_at, o.deleted_at) IS DISTINCT FROM (n.submitted_at, n.issued_at, n.deleted_at)
        AND ((o.submitted_at IS NOT NULL AND o.issued_at IS NOT NULL AND o.deleted_at IS NULL)
          OR (n.submitted_at IS NOT NULL AND n.issued_at IS NOT NULL AND n.deleted_at IS NULL))
      ORDER BY 1 LOOP
      PERFORM emission_sla_refresh(agency);
    END LOOP;
  ELSE
    FOR agency IN SELECT DISTINCT agency_id FROM old_rows
      WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL ORDER BY 1 LOOP
      PERFORM emission_sla_refresh(agency);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER emission_sla_follow_insert AFTER INSERT ON emissions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION emission_sla_follow();
--> statement-breakpoint
CREATE TRIGGER emission_sla_follow_update AFTER UPDATE ON emissions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION emission_sla_follow();
--> statement-breakpoint
CREATE TRIGGER emission_sla_follow_delete AFTER DELETE ON emissions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION emission_sla_follow();
--> statement-breakpoint
SELECT emission_sla_refresh(a.id) FROM agencies a
  WHERE EXISTS (SELECT 1 FROM emissions e WHERE e.agency_id = a.id AND e.submitted_at IS NOT NULL AND e.issued_at IS NOT NULL)
  ORDER BY a.id;
