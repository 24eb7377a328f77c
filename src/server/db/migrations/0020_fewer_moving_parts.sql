-- Fewer moving parts at equal behaviour (issue #12, decision 0014's second amendment): 6 triggers
-- and 3 functions fewer, every write still per statement and linear.
--
-- 1. client_totals' emission count and revenue are moved by the two functions that write
--    client_figures, from what each statement wrote (RETURNING), instead of by three triggers on
--    client_figures that captured its rows again as transition tables (client_totals_follow_figures).
--    A cursor cannot be opened over a data-modifying WITH, so each statement's rows are summed per
--    (agency, stripe) into arrays, and the cursor the applier reads runs over unnest() of them.
--    client_figures is written by nothing else; a statement writing it directly would now leave
--    client_totals as it was (keptFigureMismatches would tell).
-- 2. One trigger per event on clients: client_figures_follow (0019) and client_totals_apply (0005)
--    fired side by side on each write, and both moved client_totals (client_figures_follow through
--    the triggers of 1), each in its own pass over the stripes. clients_kept_follow does both, and
--    moves client_totals once per statement, in key order: two statements cannot deadlock on its
--    rows, as migration 0008 meant.
-- 3. One function for lot_search_entries' two triggers on mile_lots (the insert's, of 0007, and
--    the update's, of 0017).
DROP TRIGGER client_figures_totals_insert ON client_figures;--> statement-breakpoint
DROP TRIGGER client_figures_totals_update ON client_figures;--> statement-breakpoint
DROP TRIGGER client_figures_totals_delete ON client_figures;--> statement-breakpoint
DROP FUNCTION client_totals_follow_figures();--> statement-breakpoint
DROP TRIGGER client_figures_follow_insert ON clients;--> statement-breakpoint
DROP TRIGGER client_figures_follow_update ON clients;--> statement-breakpoint
DROP TRIGGER client_figures_follow_delete ON clients;--> statement-breakpoint
DROP FUNCTION client_figures_follow();--> statement-breakpoint
DROP TRIGGER clients_totals_insert ON clients;--> statement-breakpoint
DROP TRIGGER clients_totals_update ON clients;--> statement-breakpoint
DROP TRIGGER clients_totals_delete ON clients;--> statement-breakpoint
DROP FUNCTION client_totals_apply();--> statement-breakpoint
-- It returns what it moved now: its return type changes.
DROP FUNCTION client_figures_sync(uuid[], uuid[], text[], text[], text[], boolean[]);--> statement-breakpoint
--
-- The figures rows follow their clients (as in 0019); returned, per (agency, stripe), the emission
-- count and revenue that client_totals must move with them: minus the figures of the rows deleted,
-- plus those of the rows recounted for restored clients.
CREATE FUNCTION client_figures_sync(
  agency_ids uuid[], client_ids uuid[], sort_names text[], statuses text[], search_texts text[], live boolean[]
)
  RETURNS TABLE (moved_agency uuid, moved_stripe smallint, moved_emissions bigint, moved_revenue numeric)
  LANGUAGE plpgsql
  AS $$
DECLARE
  gone_agencies uuid[];
  gone_stripes smallint[];
  gone_emissions bigint[];
  gone_revenue numeric[];
  back_agencies uuid[];
  back_stripes smallint[];
  back_emissions bigint[];
  back_revenue numeric[];
BEGIN
  WITH gone AS (
    DELETE FROM client_figures f
    USING unnest(agency_ids, client_ids, live) AS d(agency_id, client_id, live)
    WHERE NOT d.live AND f.agency_id = d.agency_id AND f.client_id = d.client_id
    RETURNING f.agency_id, f.client_id, f.emissions_count, f.total_spent_cents
  )
  SELECT array_agg(g.agency_id), array_agg(g.stripe), array_agg(g.emissions), array_agg(g.revenue)
  INTO gone_agencies, gone_stripes, gone_emissions, gone_revenue
  FROM (
    SELECT x.agency_id, client_totals_stripe(x.client_id) AS stripe, -sum(x.emissions_count)::bigint AS emissions,
      -sum(x.total_spent_cents)::numeric AS revenue
    FROM gone x GROUP BY 1, 2
  ) g;
  UPDATE client_figures f SET sort_name = d.sort_name, status = d.status, search_text = d.search_text
  FROM unnest(agency_ids, client_ids, sort_names, statuses, search_texts, live) AS d(agency_id, client_id, sort_name, status, search_text, live)
  WHERE d.live AND f.agency_id = d.agency_id AND f.client_id = d.client_id
    AND (f.sort_name, f.status, f.search_text) IS DISTINCT FROM (d.sort_name, d.status, d.search_text);
  -- A restored client: its figures recounted from its live emissions.
  WITH back AS (
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
    ORDER BY d.agency_id, d.client_id
    RETURNING client_figures.agency_id, client_figures.client_id, client_figures.emissions_count, client_figures.total_spent_cents
  )
  SELECT array_agg(b.agency_id), array_agg(b.stripe), array_agg(b.emissions), array_agg(b.revenue)
  INTO back_agencies, back_stripes, back_emissions, back_revenue
  FROM (
    SELECT x.agency_id, client_totals_stripe(x.client_id) AS stripe, sum(x.emissions_count)::bigint AS emissions,
      sum(x.total_spent_cents)::numeric AS revenue
    FROM back x GROUP BY 1, 2
  ) b;
  RETURN QUERY
    SELECT m.agency_id, m.stripe, sum(m.emissions)::bigint, sum(m.revenue)::numeric
    FROM unnest(gone_agencies || back_agencies, gone_stripes || back_stripes, gone_emissions || back_emissions, gone_revenue || back_revenue)
      AS m(agency_id, stripe, emissions, revenue)
    GROUP BY 1, 2;
END
$$;--> statement-breakpoint
--
-- What is kept of clients follows them, per statement: their client_figures rows (through
-- client_figures_sync, as the statement's rows handed over in arrays) and client_totals, with the
-- client counts from the transition tables and the figures client_figures_sync moved, in one cursor
-- of deltas per (agency, stripe), in key order. Every caller of client_totals_apply_deltas hands
-- over the same types (bigint counts, numeric revenue), so its plan is kept for the session.
CREATE FUNCTION clients_kept_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
  agency_ids uuid[];
  client_ids uuid[];
  sort_names text[];
  statuses text[];
  search_texts text[];
  live boolean[];
  moved_agencies uuid[];
  moved_stripes smallint[];
  moved_emissions bigint[];
  moved_revenue numeric[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new client's figures are zero: client_totals moves by its count alone.
    INSERT INTO client_figures (agency_id, client_id, sort_name, status, search_text)
    SELECT agency_id, id, sort_name, status, search_text FROM new_rows WHERE deleted_at IS NULL;
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, count(*) AS total_clients,
        count(*) FILTER (WHERE x.status = 'active') AS active_clients,
        count(*) FILTER (WHERE x.status = 'inactive') AS inactive_clients,
        count(*) FILTER (WHERE x.status = 'blocked') AS blocked_clients,
        0::bigint AS total_emissions, 0::numeric AS total_revenue_cents
      FROM new_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
    PERFORM client_totals_apply_deltas(deltas);
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    -- A client is deleted for good only when no emission names it (the emissions' foreign key),
    -- so its figures are zero: its row goes, and client_totals moves by its count alone.
    SELECT array_agg(agency_id), array_agg(id), array_agg(sort_name), array_agg(status), array_agg(search_text), array_agg(false)
    INTO agency_ids, client_ids, sort_names, statuses, search_texts, live
    FROM old_rows;
    IF client_ids IS NOT NULL THEN
      PERFORM client_figures_sync(agency_ids, client_ids, sort_names, statuses, search_texts, live);
    END IF;
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, -count(*) AS total_clients,
        -count(*) FILTER (WHERE x.status = 'active') AS active_clients,
        -count(*) FILTER (WHERE x.status = 'inactive') AS inactive_clients,
        -count(*) FILTER (WHERE x.status = 'blocked') AS blocked_clients,
        0::bigint AS total_emissions, 0::numeric AS total_revenue_cents
      FROM old_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
    PERFORM client_totals_apply_deltas(deltas);
    RETURN NULL;
  END IF;
  -- An update: each client's figures row follows it (deleted with a soft delete, recounted from
  -- its live emissions on restore, its copies of sort_name, status and search_text kept equal).
  SELECT array_agg(agency_id), array_agg(id), array_agg(sort_name), array_agg(status), array_agg(search_text), array_agg(deleted_at IS NULL)
  INTO agency_ids, client_ids, sort_names, statuses, search_texts, live
  FROM new_rows;
  IF client_ids IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT array_agg(m.moved_agency), array_agg(m.moved_stripe), array_agg(m.moved_emissions), array_agg(m.moved_revenue)
  INTO moved_agencies, moved_stripes, moved_emissions, moved_revenue
  FROM client_figures_sync(agency_ids, client_ids, sort_names, statuses, search_texts, live) m;
  -- The client counts as before (+1 for each live new version, -1 for each live old one; no join
  -- of the two transition tables: see clients_follow_emissions), beside the figures moved.
  OPEN deltas FOR
    SELECT y.agency_id, y.stripe, sum(y.total_clients)::bigint AS total_clients, sum(y.active_clients)::bigint AS active_clients,
      sum(y.inactive_clients)::bigint AS inactive_clients, sum(y.blocked_clients)::bigint AS blocked_clients,
      sum(y.total_emissions)::bigint AS total_emissions, sum(y.total_revenue_cents)::numeric AS total_revenue_cents
    FROM (
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe, sum(x.s) AS total_clients,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'active'), 0) AS active_clients,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'inactive'), 0) AS inactive_clients,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'blocked'), 0) AS blocked_clients,
        0::bigint AS total_emissions, 0::numeric AS total_revenue_cents
      FROM (SELECT 1 AS s, id, agency_id, status FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT -1, id, agency_id, status FROM old_rows WHERE deleted_at IS NULL) x
      GROUP BY 1, 2
      UNION ALL
      SELECT m.agency_id, m.stripe, 0, 0, 0, 0, m.emissions, m.revenue
      FROM unnest(moved_agencies, moved_stripes, moved_emissions, moved_revenue) AS m(agency_id, stripe, emissions, revenue)
    ) y
    GROUP BY 1, 2
    HAVING (sum(y.total_clients), sum(y.active_clients), sum(y.inactive_clients), sum(y.blocked_clients), sum(y.total_emissions),
      sum(y.total_revenue_cents)) IS DISTINCT FROM (0, 0, 0, 0, 0, 0)
    ORDER BY 1, 2;
  PERFORM client_totals_apply_deltas(deltas);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER clients_kept_insert AFTER INSERT ON clients REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_kept_follow();--> statement-breakpoint
CREATE TRIGGER clients_kept_update AFTER UPDATE ON clients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_kept_follow();--> statement-breakpoint
CREATE TRIGGER clients_kept_delete AFTER DELETE ON clients REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION clients_kept_follow();--> statement-breakpoint
--
-- The emissions' deltas move client_figures (as in 0019; a client without a row, deleted, is
-- skipped: its figures are recounted when it is restored), and client_totals by what the rows
-- updated moved, summed per (agency, stripe), applied in key order after the rows.
CREATE OR REPLACE FUNCTION clients_apply_figures(
  agency_ids uuid[], client_ids uuid[], n bigint[], active bigint[], spent bigint[], newest timestamptz[], lost boolean[]
) RETURNS void
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
  moved_agencies uuid[];
  moved_stripes smallint[];
  moved_emissions bigint[];
  moved_revenue numeric[];
BEGIN
  PERFORM 1 FROM client_figures f
  WHERE (f.agency_id, f.client_id) IN (SELECT * FROM unnest(agency_ids, client_ids))
  ORDER BY f.agency_id, f.client_id FOR NO KEY UPDATE;
  WITH moved AS (
    UPDATE client_figures f SET
      emissions_count = f.emissions_count + d.n,
      active_emissions_count = f.active_emissions_count + d.active,
      total_spent_cents = f.total_spent_cents + d.spent,
      last_emission_at = CASE
        WHEN d.lost THEN (SELECT max(e.created_at) FROM emissions e WHERE e.agency_id = f.agency_id AND e.client_id = f.client_id AND e.deleted_at IS NULL)
        ELSE GREATEST(f.last_emission_at, d.newest) END
    FROM unnest(agency_ids, client_ids, n, active, spent, newest, lost) AS d(agency_id, client_id, n, active, spent, newest, lost)
    WHERE f.agency_id = d.agency_id AND f.client_id = d.client_id
      AND ((d.n, d.active, d.spent) IS DISTINCT FROM (0, 0, 0) OR d.lost OR d.newest > coalesce(f.last_emission_at, '-infinity'))
    RETURNING f.agency_id, f.client_id, d.n AS moved_n, d.spent AS moved_spent
  )
  SELECT array_agg(g.agency_id), array_agg(g.stripe), array_agg(g.emissions), array_agg(g.revenue)
  INTO moved_agencies, moved_stripes, moved_emissions, moved_revenue
  FROM (
    SELECT x.agency_id, client_totals_stripe(x.client_id) AS stripe, sum(x.moved_n)::bigint AS emissions, sum(x.moved_spent)::numeric AS revenue
    FROM moved x GROUP BY 1, 2
    HAVING (sum(x.moved_n), sum(x.moved_spent)) IS DISTINCT FROM (0, 0)
  ) g;
  IF moved_agencies IS NOT NULL THEN
    OPEN deltas FOR
      SELECT m.agency_id, m.stripe, 0::bigint AS total_clients, 0::bigint AS active_clients, 0::bigint AS inactive_clients,
        0::bigint AS blocked_clients, m.emissions AS total_emissions, m.revenue AS total_revenue_cents
      FROM unnest(moved_agencies, moved_stripes, moved_emissions, moved_revenue) AS m(agency_id, stripe, emissions, revenue)
      ORDER BY 1, 2;
    PERFORM client_totals_apply_deltas(deltas);
  END IF;
END
$$;--> statement-breakpoint
--
-- 3. lot_search_entries: one function for its insert and update triggers.
CREATE OR REPLACE FUNCTION lot_search_entries_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lot_search_entries (lot_id, agency_id, program, status, remaining_quantity, cost_per_thousand, expiry_date, deleted_at, search_text)
      SELECT r.id, r.agency_id, r.program, r.status, r.remaining_quantity, r.cost_per_thousand, r.expiry_date, r.deleted_at,
        lot_search_text_of(r.supplier, r.notes, r.account_number)
      FROM new_rows r;
    RETURN NULL;
  END IF;
  -- Compared with the entry itself, not with old_rows: no join of the two transition tables
  -- (see clients_follow_emissions); each new row finds its entry by key.
  UPDATE lot_search_entries e SET
    program = n.program,
    status = n.status,
    remaining_quantity = n.remaining_quantity,
    cost_per_thousand = n.cost_per_thousand,
    expiry_date = n.expiry_date,
    deleted_at = n.deleted_at,
    search_text = lot_search_text_of(n.supplier, n.notes, n.account_number)
  FROM new_rows n
  WHERE e.agency_id = n.agency_id AND e.lot_id = n.id
    AND (e.program, e.status, e.remaining_quantity, e.cost_per_thousand, e.expiry_date, e.deleted_at, e.search_text)
      IS DISTINCT FROM (n.program, n.status, n.remaining_quantity, n.cost_per_thousand, n.expiry_date, n.deleted_at,
        lot_search_text_of(n.supplier, n.notes, n.account_number));
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER mile_lots_search_entry_insert ON mile_lots;--> statement-breakpoint
CREATE TRIGGER mile_lots_search_entry_insert AFTER INSERT ON mile_lots REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lot_search_entries_follow();--> statement-breakpoint
DROP FUNCTION lot_search_entries_insert();
