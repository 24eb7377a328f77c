CREATE TABLE "client_totals" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"total_clients" integer DEFAULT 0 NOT NULL,
	"active_clients" integer DEFAULT 0 NOT NULL,
	"inactive_clients" integer DEFAULT 0 NOT NULL,
	"blocked_clients" integer DEFAULT 0 NOT NULL,
	"total_emissions" bigint DEFAULT 0 NOT NULL,
	"total_revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "client_totals_nonneg" CHECK ("client_totals"."total_clients" >= 0 AND "client_totals"."active_clients" >= 0 AND "client_totals"."inactive_clients" >= 0 AND "client_totals"."blocked_clients" >= 0
        AND "client_totals"."total_emissions" >= 0 AND "client_totals"."total_revenue_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "client_totals" ADD CONSTRAINT "client_totals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The clients list's summary (docs/decisions/0004-client-list-at-scale.md): one row per agency,
-- moved by deltas ("x = x + d", applied to the latest row version, so safe under concurrency)
-- computed from each statement's transition tables: a bulk insert, or the per-client update of
-- the emission trigger, costs one update. Soft-deleted clients count nowhere; a statement that
-- changes no counted figure (a rename) changes nothing here. The row is made first when missing
-- (a plain UPDATE keeps the CHECK meaningful: an upsert's candidate row would carry the negative
-- deltas), except for an agency being deleted, whose clients go in the same cascade.
CREATE OR REPLACE FUNCTION client_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_totals (agency_id)
      SELECT DISTINCT r.agency_id FROM new_rows r WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = r.agency_id)
      ON CONFLICT (agency_id) DO NOTHING;
    UPDATE client_totals t SET
      total_clients = t.total_clients + d.total,
      active_clients = t.active_clients + d.active,
      inactive_clients = t.inactive_clients + d.inactive,
      blocked_clients = t.blocked_clients + d.blocked,
      total_emissions = t.total_emissions + d.emissions,
      total_revenue_cents = t.total_revenue_cents + d.revenue
    FROM (
      SELECT x.agency_id, sum(x.s) AS total,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0) AS active,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0) AS inactive,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0) AS blocked,
        sum(x.s * x.emissions_count) AS emissions, sum(x.s * x.total_spent_cents) AS revenue
      FROM (SELECT agency_id, 1 AS s, status, emissions_count, total_spent_cents FROM new_rows WHERE deleted_at IS NULL) x
      GROUP BY x.agency_id
    ) d
    WHERE t.agency_id = d.agency_id
      AND (d.total, d.active, d.inactive, d.blocked, d.emissions, d.revenue) IS DISTINCT FROM (0, 0, 0, 0, 0, 0);
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO client_totals (agency_id)
      SELECT DISTINCT r.agency_id FROM new_rows r WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = r.agency_id)
      ON CONFLICT (agency_id) DO NOTHING;
    UPDATE client_totals t SET
      total_clients = t.total_clients + d.total,
      active_clients = t.active_clients + d.active,
      inactive_clients = t.inactive_clients + d.inactive,
      blocked_clients = t.blocked_clients + d.blocked,
      total_emissions = t.total_emissions + d.emissions,
      total_revenue_cents = t.total_revenue_cents + d.revenue
    FROM (
      SELECT x.agency_id, sum(x.s) AS total,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0) AS active,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0) AS inactive,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0) AS blocked,
        sum(x.s * x.emissions_count) AS emissions, sum(x.s * x.total_spent_cents) AS revenue
      FROM (SELECT agency_id, 1 AS s, status, emissions_count, total_spent_cents FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT agency_id, -1 AS s, status, emissions_count, total_spent_cents FROM old_rows WHERE deleted_at IS NULL) x
      GROUP BY x.agency_id
    ) d
    WHERE t.agency_id = d.agency_id
      AND (d.total, d.active, d.inactive, d.blocked, d.emissions, d.revenue) IS DISTINCT FROM (0, 0, 0, 0, 0, 0);
  ELSE
    INSERT INTO client_totals (agency_id)
      SELECT DISTINCT r.agency_id FROM old_rows r WHERE EXISTS (SELECT 1 FROM agencies a WHERE a.id = r.agency_id)
      ON CONFLICT (agency_id) DO NOTHING;
    UPDATE client_totals t SET
      total_clients = t.total_clients + d.total,
      active_clients = t.active_clients + d.active,
      inactive_clients = t.inactive_clients + d.inactive,
      blocked_clients = t.blocked_clients + d.blocked,
      total_emissions = t.total_emissions + d.emissions,
      total_revenue_cents = t.total_revenue_cents + d.revenue
    FROM (
      SELECT x.agency_id, sum(x.s) AS total,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0) AS active,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0) AS inactive,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0) AS blocked,
        sum(x.s * x.emissions_count) AS emissions, sum(x.s * x.total_spent_cents) AS revenue
      FROM (SELECT agency_id, -1 AS s, status, emissions_count, total_spent_cents FROM old_rows WHERE deleted_at IS NULL) x
      GROUP BY x.agency_id
    ) d
    WHERE t.agency_id = d.agency_id
      AND (d.total, d.active, d.inactive, d.blocked, d.emissions, d.revenue) IS DISTINCT FROM (0, 0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER clients_totals_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_totals_apply();
--> statement-breakpoint
CREATE TRIGGER clients_totals_update AFTER UPDATE ON clients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_totals_apply();
--> statement-breakpoint
CREATE TRIGGER clients_totals_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_totals_apply();
--> statement-breakpoint
INSERT INTO client_totals (agency_id, total_clients, active_clients, inactive_clients, blocked_clients, total_emissions, total_revenue_cents)
  SELECT agency_id, count(*), count(*) FILTER (WHERE status = 'active'), count(*) FILTER (WHERE status = 'inactive'),
    count(*) FILTER (WHERE status = 'blocked'), coalesce(sum(emissions_count), 0), coalesce(sum(total_spent_cents), 0)
  FROM clients WHERE deleted_at IS NULL GROUP BY agency_id;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON client_totals TO milheiro_app;
--> statement-breakpoint
ALTER TABLE client_totals ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY agency_isolation ON client_totals USING (agency_id = app_current_agency()) WITH CHECK (agency_id = app_current_agency());
--> statement-breakpoint
-- Contains-search at scale: under row-level security PostgreSQL will not use the trigram index for
-- LIKE (textlike is not LEAKPROOF, so it must run after the policy's filter, row by row). This
-- view reads clients as its owner (no RLS) and applies the same tenant filter itself, so the
-- index serves the search while another agency's rows stay out of reach. It carries only what
-- search, sort and quick search need; whole rows are read from clients, under RLS.
CREATE VIEW client_search AS
  SELECT id, agency_id, name, email, document, status, sort_name, emissions_count, total_spent_cents, search_text, deleted_at
  FROM clients
  WHERE agency_id = app_current_agency();
--> statement-breakpoint
GRANT SELECT ON client_search TO milheiro_app;
