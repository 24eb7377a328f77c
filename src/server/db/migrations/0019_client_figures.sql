-- A client's emission figures move to their own narrow table (issue #12, decision 0014).
--
-- Every emission written, deleted or restored moved its client's count and total spent, and
-- those are sort keys of the clients list: each move rewrote the client's row outside HOT, with
-- an entry in each of its indexes — the trigram index's ~60 among them. A soft delete of 50,000
-- emissions of 50,000 clients spent 7.9 of its 10.5 s there. client_figures holds the figures
-- with copies of the client's sort_name, status and search_text, and the two figure orders'
-- indexes: an emission now rewrites a row with three indexes, and the client's row is not touched.
-- (A broad search in a figure order is read along that order's index, testing each entry's
-- search_text: the copy keeps that one heap read per entry, as it was on clients.)
--
-- One row per live client (so the figure orders need no deleted_at): inserted with the client,
-- deleted when it is soft-deleted (or deleted), recounted from its live emissions when restored.
-- client_totals' emission count and revenue follow client_figures; its client counts follow
-- clients, as before.
CREATE TABLE "client_figures" (
	"agency_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"sort_name" text,
	"status" text NOT NULL,
	"search_text" text,
	"emissions_count" integer DEFAULT 0 NOT NULL,
	"active_emissions_count" integer DEFAULT 0 NOT NULL,
	"total_spent_cents" bigint DEFAULT 0 NOT NULL,
	"last_emission_at" timestamp with time zone,
	CONSTRAINT "client_figures_pkey" PRIMARY KEY("agency_id","client_id"),
	CONSTRAINT "client_figures_nonneg" CHECK ("client_figures"."emissions_count" >= 0 AND "client_figures"."active_emissions_count" >= 0 AND "client_figures"."total_spent_cents" >= 0)
);
--> statement-breakpoint
-- INCLUDE (status): a status filter on a figure order is answered from the index alone.
CREATE INDEX "client_figures_list_emissions_idx" ON "client_figures" USING btree ("agency_id","emissions_count","sort_name","client_id") INCLUDE ("status");--> statement-breakpoint
CREATE INDEX "client_figures_list_spent_idx" ON "client_figures" USING btree ("agency_id","total_spent_cents","sort_name","client_id") INCLUDE ("status");--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON client_figures TO milheiro_app;--> statement-breakpoint
ALTER TABLE client_figures ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON client_figures USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
INSERT INTO client_figures (agency_id, client_id, sort_name, status, search_text, emissions_count, active_emissions_count, total_spent_cents, last_emission_at)
  SELECT agency_id, id, sort_name, status, search_text, emissions_count, active_emissions_count, total_spent_cents, last_emission_at
  FROM clients WHERE deleted_at IS NULL;--> statement-breakpoint
--
-- The figures rows follow their clients. The statement's rows are handed over as arrays and
-- applied by static SQL over unnest() (as clients_apply_figures): planned once per session for
-- any number of rows, each row found by its key.
CREATE OR REPLACE FUNCTION client_figures_sync(
  agency_ids uuid[], client_ids uuid[], sort_names text[], statuses text[], search_texts text[], live boolean[]
)
  RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  DELETE FROM client_figures f
  USING unnest(agency_ids, client_ids, live) AS d(agency_id, client_id, live)
  WHERE NOT d.live AND f.agency_id = d.agency_id AND f.client_id = d.client_id;
  UPDATE client_figures f SET sort_name = d.sort_name, status = d.status, search_text = d.search_text
  FROM unnest(agency_ids, client_ids, sort_names, statuses, search_texts, live) AS d(agency_id, client_id, sort_name, status, search_text, live)
  WHERE d.live AND f.agency_id = d.agency_id AND f.client_id = d.client_id
    AND (f.sort_name, f.status, f.search_text) IS DISTINCT FROM (d.sort_name, d.status, d.search_text);
  -- A restored client: its figures recounted from its live emissions.
  INSERT INTO client_figures (agency_id, client_id, sort_name, status, search_text, emissions_count, active_emissions_count, total_spent_cents, last_emission_at)
  SELECT d.agency_id, d.client_id, d.sort_name, d.status, d.search_text, x.n, x.active, x.spent, x.last_at
  FROM unnest(agency_ids, client_ids, sort_names, statuses, search_texts, live) AS d(agency_id, client_id, sort_name, status, search_text, live)
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS n, (count(*) FILTER (WHERE e.status IN ('pending', 'processing', 'issued')))::int AS active,
      coalesce(sum(e.revenue_cents) FILTER (WHERE e.status IN ('pending', 'processing', 'issued')), 0) AS spent,
      max(e.created_at) AS last_at
    FROM emissions e WHERE e.agency_id = d.agency_id AND e.client_id = d.client_id AND e.deleted_at IS NULL
  ) x
  WHERE d.live AND NOT EXISTS (SELECT 1 FROM client_figures f WHERE f.agency_id = d.agency_id AND f.client_id = d.client_id)
  ORDER BY d.agency_id, d.client_id;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_figures_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  agency_ids uuid[];
  client_ids uuid[];
  sort_names text[];
  statuses text[];
  search_texts text[];
  live boolean[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO client_figures (agency_id, client_id, sort_name, status, search_text)
    SELECT agency_id, id, sort_name, status, search_text FROM new_rows WHERE deleted_at IS NULL;
    RETURN NULL;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(agency_id), array_agg(id), array_agg(sort_name), array_agg(status), array_agg(search_text), array_agg(deleted_at IS NULL)
    INTO agency_ids, client_ids, sort_names, statuses, search_texts, live
    FROM new_rows;
  ELSE
    SELECT array_agg(agency_id), array_agg(id), array_agg(sort_name), array_agg(status), array_agg(search_text), array_agg(false)
    INTO agency_ids, client_ids, sort_names, statuses, search_texts, live
    FROM old_rows;
  END IF;
  IF client_ids IS NOT NULL THEN
    PERFORM client_figures_sync(agency_ids, client_ids, sort_names, statuses, search_texts, live);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
--
-- client_totals: the client counts from clients (as before), the emission count and revenue from
-- client_figures (the live clients' figures). Both hand over deltas of the same types (bigint
-- counts, numeric revenue): client_totals_apply_deltas keeps its plan for the session.
CREATE OR REPLACE FUNCTION client_totals_apply() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
BEGIN
  IF TG_OP = 'INSERT' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, count(*) AS total_clients,
        count(*) FILTER (WHERE x.status = 'active') AS active_clients,
        count(*) FILTER (WHERE x.status = 'inactive') AS inactive_clients,
        count(*) FILTER (WHERE x.status = 'blocked') AS blocked_clients,
        0::bigint AS total_emissions, 0::numeric AS total_revenue_cents
      FROM new_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, sum(x.s) AS total_clients,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0) AS active_clients,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0) AS inactive_clients,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0) AS blocked_clients,
        0::bigint AS total_emissions, 0::numeric AS total_revenue_cents
      FROM (SELECT 1 AS s, id, agency_id, status FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT -1, id, agency_id, status FROM old_rows WHERE deleted_at IS NULL) x
      GROUP BY 1, 2
      HAVING (sum(x.s), coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0), coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0),
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0)) IS DISTINCT FROM (0, 0, 0, 0)
      ORDER BY 1, 2;
  ELSE
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, -count(*) AS total_clients,
        -count(*) FILTER (WHERE x.status = 'active') AS active_clients,
        -count(*) FILTER (WHERE x.status = 'inactive') AS inactive_clients,
        -count(*) FILTER (WHERE x.status = 'blocked') AS blocked_clients,
        0::bigint AS total_emissions, 0::numeric AS total_revenue_cents
      FROM old_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  END IF;
  PERFORM client_totals_apply_deltas(deltas);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION client_totals_follow_figures() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
BEGIN
  IF TG_OP = 'INSERT' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.client_id) AS stripe, 0::bigint AS total_clients, 0::bigint AS active_clients,
        0::bigint AS inactive_clients, 0::bigint AS blocked_clients, sum(x.emissions_count) AS total_emissions, sum(x.total_spent_cents) AS total_revenue_cents
      FROM new_rows x
      GROUP BY 1, 2 HAVING (sum(x.emissions_count), sum(x.total_spent_cents)) IS DISTINCT FROM (0, 0) ORDER BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.client_id) AS stripe, 0::bigint AS total_clients, 0::bigint AS active_clients,
        0::bigint AS inactive_clients, 0::bigint AS blocked_clients, sum(x.s * x.emissions_count) AS total_emissions, sum(x.s * x.total_spent_cents) AS total_revenue_cents
      FROM (SELECT 1 AS s, agency_id, client_id, emissions_count, total_spent_cents FROM new_rows
        UNION ALL SELECT -1, agency_id, client_id, emissions_count, total_spent_cents FROM old_rows) x
      GROUP BY 1, 2 HAVING (sum(x.s * x.emissions_count), sum(x.s * x.total_spent_cents)) IS DISTINCT FROM (0, 0) ORDER BY 1, 2;
  ELSE
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.client_id) AS stripe, 0::bigint AS total_clients, 0::bigint AS active_clients,
        0::bigint AS inactive_clients, 0::bigint AS blocked_clients, -sum(x.emissions_count) AS total_emissions, -sum(x.total_spent_cents) AS total_revenue_cents
      FROM old_rows x
      GROUP BY 1, 2 HAVING (sum(x.emissions_count), sum(x.total_spent_cents)) IS DISTINCT FROM (0, 0) ORDER BY 1, 2;
  END IF;
  PERFORM client_totals_apply_deltas(deltas);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER client_figures_follow_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_figures_follow();--> statement-breakpoint
CREATE TRIGGER client_figures_follow_update AFTER UPDATE ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_figures_follow();--> statement-breakpoint
CREATE TRIGGER client_figures_follow_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_figures_follow();--> statement-breakpoint
CREATE TRIGGER client_figures_totals_insert AFTER INSERT ON client_figures REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_totals_follow_figures();--> statement-breakpoint
CREATE TRIGGER client_figures_totals_update AFTER UPDATE ON client_figures REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_totals_follow_figures();--> statement-breakpoint
CREATE TRIGGER client_figures_totals_delete AFTER DELETE ON client_figures REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION client_totals_follow_figures();--> statement-breakpoint
--
-- The emissions' deltas move client_figures; a client without a row (deleted) is skipped: its
-- figures are recounted when it is restored.
CREATE OR REPLACE FUNCTION clients_apply_figures(
  agency_ids uuid[], client_ids uuid[], n bigint[], active bigint[], spent bigint[], newest timestamptz[], lost boolean[]
) RETURNS void
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM 1 FROM client_figures f
  WHERE (f.agency_id, f.client_id) IN (SELECT * FROM unnest(agency_ids, client_ids))
  ORDER BY f.agency_id, f.client_id FOR NO KEY UPDATE;
  UPDATE client_figures f SET
    emissions_count = f.emissions_count + d.n,
    active_emissions_count = f.active_emissions_count + d.active,
    total_spent_cents = f.total_spent_cents + d.spent,
    last_emission_at = CASE
      WHEN d.lost THEN (SELECT max(e.created_at) FROM emissions e WHERE e.agency_id = f.agency_id AND e.client_id = f.client_id AND e.deleted_at IS NULL)
      ELSE GREATEST(f.last_emission_at, d.newest) END
  FROM unnest(agency_ids, client_ids, n, active, spent, newest, lost) AS d(agency_id, client_id, n, active, spent, newest, lost)
  WHERE f.agency_id = d.agency_id AND f.client_id = d.client_id
    AND ((d.n, d.active, d.spent) IS DISTINCT FROM (0, 0, 0) OR d.lost OR d.newest > coalesce(f.last_emission_at, '-infinity'));
END
$$;--> statement-breakpoint
--
-- The figures leave clients, with their two list indexes.
DROP VIEW client_search;--> statement-breakpoint
ALTER TABLE "clients" DROP CONSTRAINT "clients_derived_nonneg";--> statement-breakpoint
DROP INDEX "clients_list_emissions_idx";--> statement-breakpoint
DROP INDEX "clients_list_spent_idx";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "emissions_count";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "active_emissions_count";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "total_spent_cents";--> statement-breakpoint
ALTER TABLE "clients" DROP COLUMN "last_emission_at";--> statement-breakpoint
-- Read as their owner (so LIKE can use the trigram index), each filtered to the request's agency.
-- client_search: ordered along clients' indexes; the figures left-joined (unread, not joined).
CREATE VIEW client_search AS
  SELECT c.id, c.agency_id, c.name, c.email, c.document, c.status, c.sort_name,
    coalesce(f.emissions_count, 0) AS emissions_count, coalesce(f.total_spent_cents, 0) AS total_spent_cents, c.search_text, c.deleted_at
  FROM clients c
  LEFT JOIN client_figures f ON f.agency_id = c.agency_id AND f.client_id = c.id
  WHERE c.agency_id = (SELECT app_current_agency());--> statement-breakpoint
-- client_search_by_figures: ordered along client_figures' indexes; only live clients have a row.
CREATE VIEW client_search_by_figures AS
  SELECT f.client_id AS id, f.agency_id, c.name, c.email, c.document, f.status, f.sort_name,
    f.emissions_count, f.total_spent_cents, f.search_text, NULL::timestamptz AS deleted_at
  FROM client_figures f
  LEFT JOIN clients c ON c.agency_id = f.agency_id AND c.id = f.client_id
  WHERE f.agency_id = (SELECT app_current_agency());--> statement-breakpoint
GRANT SELECT ON client_search, client_search_by_figures TO milheiro_app;
