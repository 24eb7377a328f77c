-- Emission creation at scale (docs/decisions/0007-emission-create-at-scale.md).
--
-- 1. client_totals is striped. Every emission moves its client's figures (migration 0003), and so
-- the agency's totals; with one row per agency every creation queued on that row from its insert
-- to its commit. Now a client's figures go to the row of its stripe (0–15, from its id) and
-- readers sum an agency's rows, so emissions of different clients rarely meet. The rows are
-- rebuilt from clients, so each stripe holds exactly its clients' sums (and stays non-negative).
ALTER TABLE "client_totals" DROP CONSTRAINT "client_totals_pkey";--> statement-breakpoint
ALTER TABLE "client_totals" ADD COLUMN "stripe" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_totals" ADD CONSTRAINT "client_totals_agency_id_stripe_pk" PRIMARY KEY("agency_id","stripe");--> statement-breakpoint
ALTER TABLE "client_totals" ADD CONSTRAINT "client_totals_stripe_range" CHECK ("client_totals"."stripe" BETWEEN 0 AND 15);--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_totals_stripe(client_id uuid) RETURNS smallint
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT (get_byte(uuid_send(client_id), 15) % 16)::smallint $$;
--> statement-breakpoint
-- Deltas per (agency, stripe) from the statement's transition tables, applied in key order (two
-- statements touching several stripes cannot deadlock), "x = x + d" on the latest row version.
-- A missing row is made first, except for an agency being deleted (its clients go in the same
-- cascade); a statement that changes no counted figure (a rename) touches nothing.
CREATE OR REPLACE FUNCTION client_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
  d record;
BEGIN
  IF TG_OP = 'INSERT' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, count(*) AS total,
        count(*) FILTER (WHERE x.status = 'active') AS active,
        count(*) FILTER (WHERE x.status = 'inactive') AS inactive,
        count(*) FILTER (WHERE x.status = 'blocked') AS blocked,
        sum(x.emissions_count) AS emissions, sum(x.total_spent_cents) AS revenue
      FROM new_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, sum(x.s) AS total,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0) AS active,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0) AS inactive,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0) AS blocked,
        sum(x.s * x.emissions_count) AS emissions, sum(x.s * x.total_spent_cents) AS revenue
      FROM (SELECT 1 AS s, id, agency_id, status, emissions_count, total_spent_cents FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT -1, id, agency_id, status, emissions_count, total_spent_cents FROM old_rows WHERE deleted_at IS NULL) x
      GROUP BY 1, 2
      HAVING (sum(x.s), coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0), coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0),
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0), sum(x.s * x.emissions_count), sum(x.s * x.total_spent_cents))
        IS DISTINCT FROM (0, 0, 0, 0, 0, 0)
      ORDER BY 1, 2;
  ELSE
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, -count(*) AS total,
        -count(*) FILTER (WHERE x.status = 'active') AS active,
        -count(*) FILTER (WHERE x.status = 'inactive') AS inactive,
        -count(*) FILTER (WHERE x.status = 'blocked') AS blocked,
        -sum(x.emissions_count) AS emissions, -sum(x.total_spent_cents) AS revenue
      FROM old_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  END IF;
  LOOP
    FETCH deltas INTO d;
    EXIT WHEN NOT FOUND;
    FOR attempt IN 1..2 LOOP
      UPDATE client_totals t SET
        total_clients = t.total_clients + d.total,
        active_clients = t.active_clients + d.active,
        inactive_clients = t.inactive_clients + d.inactive,
        blocked_clients = t.blocked_clients + d.blocked,
        total_emissions = t.total_emissions + d.emissions,
        total_revenue_cents = t.total_revenue_cents + d.revenue
      WHERE t.agency_id = d.agency_id AND t.stripe = d.stripe;
      EXIT WHEN FOUND OR attempt = 2 OR NOT EXISTS (SELECT 1 FROM agencies a WHERE a.id = d.agency_id);
      INSERT INTO client_totals (agency_id, stripe) VALUES (d.agency_id, d.stripe) ON CONFLICT DO NOTHING;
    END LOOP;
  END LOOP;
  CLOSE deltas;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DELETE FROM client_totals;
--> statement-breakpoint
INSERT INTO client_totals (agency_id, stripe, total_clients, active_clients, inactive_clients, blocked_clients, total_emissions, total_revenue_cents)
  SELECT agency_id, client_totals_stripe(id), count(*), count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'inactive'),
    count(*) FILTER (WHERE status = 'blocked'), coalesce(sum(emissions_count), 0), coalesce(sum(total_spent_cents), 0)
  FROM clients WHERE deleted_at IS NULL GROUP BY 1, 2;
--> statement-breakpoint
-- 2. The SLA statistic (average and P95 hours from submission to issue) is computed in SQL over
-- this index alone, instead of reading every issued emission into the server.
CREATE INDEX "emissions_sla_idx" ON "emissions" USING btree ("agency_id","submitted_at","issued_at") WHERE "emissions"."issued_at" IS NOT NULL AND "emissions"."submitted_at" IS NOT NULL AND "emissions"."deleted_at" IS NULL;
