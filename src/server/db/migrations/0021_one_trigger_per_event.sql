-- One trigger per event on emissions and on mile_lots (issue #12, decision 0014's third amendment),
-- as on clients since 0020: PostgreSQL allows a transition table only on a trigger of one event, so
-- a table whose statements keep several structures needs three triggers, not three per structure.
--
-- emissions: emission_sla_follow, emission_totals_apply and clients_follow_emissions (9 triggers)
--   become one function, emissions_kept_follow (3 triggers), that runs the three in the order the
--   triggers fired them (by name): the SLA statistic's mark, the agency's emission totals, then the
--   clients' figures (client_figures, then client_totals). Same statements, same rows, same lock order.
-- mile_lots: lot_search_entries_follow and lot_totals_apply (5 triggers) become mile_lots_kept_follow
--   (3 triggers): the lot's search entry (insert, update; a deleted lot's entry goes with it by its
--   foreign key), then the account's lot_totals.
--
-- Triggers 18 → 10; trigger functions 7 → 4; functions in schema public 27 → 24. No index changes.
CREATE FUNCTION emissions_kept_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  agency uuid;
  deltas refcursor;
  agency_ids uuid[];
  client_ids uuid[];
  n bigint[];
  active bigint[];
  spent bigint[];
  newest timestamptz[];
  lost boolean[];
BEGIN
  -- 1. The SLA statistic: the agencies whose counted emissions (submitted, issued, live) changed are
  --    marked, to be settled once at the end of the transaction (emission_sla_stats_settle).
  IF TG_OP = 'INSERT' THEN
    FOR agency IN SELECT DISTINCT agency_id FROM new_rows
      WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL ORDER BY 1 LOOP
      PERFORM emission_sla_mark(agency);
    END LOOP;
  ELSIF TG_OP = 'UPDATE' THEN
    -- The counted versions (submitted, issued, live) of each emission, old −1 and new +1: a
    -- statement changed the statistic where they do not cancel. No join of the transition tables
    -- (see step 3).
    FOR agency IN SELECT DISTINCT x.agency_id FROM (
        SELECT agency_id, id, submitted_at, issued_at, sum(s) AS net FROM (
          SELECT agency_id, id, submitted_at, issued_at, 1 AS s FROM new_rows
          WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL
          UNION ALL
          SELECT agency_id, id, submitted_at, issued_at, -1 FROM old_rows
          WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL
        ) v GROUP BY 1, 2, 3, 4
      ) x WHERE x.net <> 0 ORDER BY 1 LOOP
      PERFORM emission_sla_mark(agency);
    END LOOP;
  ELSE
    FOR agency IN SELECT DISTINCT agency_id FROM old_rows
      WHERE submitted_at IS NOT NULL AND issued_at IS NOT NULL AND deleted_at IS NULL ORDER BY 1 LOOP
      PERFORM emission_sla_mark(agency);
    END LOOP;
  END IF;

  -- 2. The agency's emission totals by status (emission_totals), summed per (agency, stripe).
  IF TG_OP = 'INSERT' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe,
        count(*) FILTER (WHERE x.status = 'pending') AS pending,
        count(*) FILTER (WHERE x.status = 'processing') AS processing,
        count(*) FILTER (WHERE x.status = 'issued') AS issued,
        count(*) FILTER (WHERE x.status = 'failed') AS failed,
        count(*) FILTER (WHERE x.status = 'cancelled') AS cancelled,
        coalesce(sum(x.revenue_cents) FILTER (WHERE x.status = 'issued'), 0) AS issued_revenue_cents
      FROM new_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  ELSIF TG_OP = 'UPDATE' THEN
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'pending'), 0) AS pending,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'processing'), 0) AS processing,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'issued'), 0) AS issued,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'failed'), 0) AS failed,
        coalesce(sum(x.s) FILTER (WHERE x.status = 'cancelled'), 0) AS cancelled,
        coalesce(sum(x.s * x.revenue_cents) FILTER (WHERE x.status = 'issued'), 0) AS issued_revenue_cents
      FROM (SELECT 1 AS s, id, agency_id, status, revenue_cents FROM new_rows WHERE deleted_at IS NULL
        UNION ALL SELECT -1, id, agency_id, status, revenue_cents FROM old_rows WHERE deleted_at IS NULL) x
      GROUP BY 1, 2
      HAVING (coalesce(sum(x.s) FILTER (WHERE x.status = 'pending'), 0), coalesce(sum(x.s) FILTER (WHERE x.status = 'processing'), 0),
        coalesce(sum(x.s) FILTER (WHERE x.status = 'issued'), 0), coalesce(sum(x.s) FILTER (WHERE x.status = 'failed'), 0),
        coalesce(sum(x.s) FILTER (WHERE x.status = 'cancelled'), 0), coalesce(sum(x.s * x.revenue_cents) FILTER (WHERE x.status = 'issued'), 0))
        IS DISTINCT FROM (0, 0, 0, 0, 0, 0)
      ORDER BY 1, 2;
  ELSE
    OPEN deltas FOR
      SELECT x.agency_id, client_totals_stripe(x.id) AS stripe,
        -count(*) FILTER (WHERE x.status = 'pending') AS pending,
        -count(*) FILTER (WHERE x.status = 'processing') AS processing,
        -count(*) FILTER (WHERE x.status = 'issued') AS issued,
        -count(*) FILTER (WHERE x.status = 'failed') AS failed,
        -count(*) FILTER (WHERE x.status = 'cancelled') AS cancelled,
        -coalesce(sum(x.revenue_cents) FILTER (WHERE x.status = 'issued'), 0) AS issued_revenue_cents
      FROM old_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2 ORDER BY 1, 2;
  END IF;
  PERFORM emission_totals_apply_deltas(deltas);

  -- 3. The clients' figures: what each client's live emissions moved (client_figures, then
  --    client_totals, by clients_apply_figures).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(x.agency_id), array_agg(x.client_id), array_agg(x.n), array_agg(x.active), array_agg(x.spent), array_agg(x.newest), array_agg(false)
    INTO agency_ids, client_ids, n, active, spent, newest, lost
    FROM (
      SELECT agency_id, client_id, count(*) AS n, count(*) FILTER (WHERE status IN ('pending', 'processing', 'issued')) AS active,
        coalesce(sum(revenue_cents) FILTER (WHERE status IN ('pending', 'processing', 'issued')), 0) AS spent, max(created_at) AS newest
      FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2
    ) x;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(x.agency_id), array_agg(x.client_id), array_agg(-x.n), array_agg(-x.active), array_agg(-x.spent), array_agg(NULL::timestamptz), array_agg(true)
    INTO agency_ids, client_ids, n, active, spent, newest, lost
    FROM (
      SELECT agency_id, client_id, count(*) AS n, count(*) FILTER (WHERE status IN ('pending', 'processing', 'issued')) AS active,
        coalesce(sum(revenue_cents) FILTER (WHERE status IN ('pending', 'processing', 'issued')), 0) AS spent
      FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2
    ) x;
  ELSE
    -- A version pair (emission, client) whose signs sum to -1 lost a live emission of that client.
    -- No join of the two transition tables: PL/pgSQL keeps this plan for the session, made for
    -- the first statement's sizes, and a nested loop planned for one row would be quadratic.
    SELECT array_agg(x.agency_id), array_agg(x.client_id), array_agg(x.n), array_agg(x.active), array_agg(x.spent), array_agg(x.newest), array_agg(x.lost)
    INTO agency_ids, client_ids, n, active, spent, newest, lost
    FROM (
      SELECT c.agency_id, c.client_id, sum(c.s) AS n,
        coalesce(sum(c.s) FILTER (WHERE c.status IN ('pending', 'processing', 'issued')), 0) AS active,
        coalesce(sum(c.s * c.revenue_cents) FILTER (WHERE c.status IN ('pending', 'processing', 'issued')), 0) AS spent,
        max(c.created_at) FILTER (WHERE c.s = 1) AS newest, bool_or(c.pair = -1) AS lost
      FROM (
        SELECT v.*, sum(v.s) OVER (PARTITION BY v.id, v.client_id) AS pair
        FROM (
          SELECT id, 1 AS s, agency_id, client_id, status, revenue_cents, created_at FROM new_rows WHERE deleted_at IS NULL
          UNION ALL
          SELECT id, -1, agency_id, client_id, status, revenue_cents, created_at FROM old_rows WHERE deleted_at IS NULL
        ) v
      ) c
      GROUP BY 1, 2
    ) x;
  END IF;
  IF client_ids IS NOT NULL THEN
    PERFORM clients_apply_figures(agency_ids, client_ids, n, active, spent, newest, lost);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER emission_sla_follow_insert ON emissions;--> statement-breakpoint
DROP TRIGGER emission_sla_follow_update ON emissions;--> statement-breakpoint
DROP TRIGGER emission_sla_follow_delete ON emissions;--> statement-breakpoint
DROP TRIGGER emission_totals_insert ON emissions;--> statement-breakpoint
DROP TRIGGER emission_totals_update ON emissions;--> statement-breakpoint
DROP TRIGGER emission_totals_delete ON emissions;--> statement-breakpoint
DROP TRIGGER emissions_client_figures_insert ON emissions;--> statement-breakpoint
DROP TRIGGER emissions_client_figures_update ON emissions;--> statement-breakpoint
DROP TRIGGER emissions_client_figures_delete ON emissions;--> statement-breakpoint
DROP FUNCTION emission_sla_follow();--> statement-breakpoint
DROP FUNCTION emission_totals_apply();--> statement-breakpoint
DROP FUNCTION clients_follow_emissions();--> statement-breakpoint
CREATE TRIGGER emissions_kept_insert AFTER INSERT ON emissions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION emissions_kept_follow();--> statement-breakpoint
CREATE TRIGGER emissions_kept_update AFTER UPDATE ON emissions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION emissions_kept_follow();--> statement-breakpoint
CREATE TRIGGER emissions_kept_delete AFTER DELETE ON emissions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION emissions_kept_follow();--> statement-breakpoint
CREATE FUNCTION mile_lots_kept_follow() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  deltas refcursor;
BEGIN
  -- 1. The lot's search entry (lot_search_entries): written with the lot, kept equal on update.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO lot_search_entries (lot_id, agency_id, program, status, remaining_quantity, cost_per_thousand, expiry_date, deleted_at, search_text)
      SELECT r.id, r.agency_id, r.program, r.status, r.remaining_quantity, r.cost_per_thousand, r.expiry_date, r.deleted_at,
        lot_search_text_of(r.supplier, r.notes, r.account_number)
      FROM new_rows r;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Compared with the entry itself, not with old_rows: no join of the two transition tables
    -- (see emissions_kept_follow, step 3); each new row finds its entry by key.
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
  END IF;

  -- 2. The account's lot totals (lot_totals), summed per (agency, account, program, status).
  IF TG_OP = 'INSERT' THEN
    OPEN deltas FOR
      SELECT x.agency_id, x.account_id, x.program, x.status, count(*) AS lots, sum(x.original_quantity) AS original_miles,
        sum(x.remaining_quantity) AS remaining_miles, sum(x.total_cost_cents) AS total_cost_cents,
        sum(round(x.remaining_quantity * x.cost_per_thousand / 10)) AS remaining_value_cents,
        sum(x.remaining_quantity * x.cost_per_thousand) AS remaining_cost
      FROM new_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  ELSIF TG_OP = 'UPDATE' THEN
    OPEN deltas FOR
      SELECT x.agency_id, x.account_id, x.program, x.status, sum(x.s) AS lots, sum(x.s * x.original_quantity) AS original_miles,
        sum(x.s * x.remaining_quantity) AS remaining_miles, sum(x.s * x.total_cost_cents) AS total_cost_cents,
        sum(x.s * round(x.remaining_quantity * x.cost_per_thousand / 10)) AS remaining_value_cents,
        sum(x.s * x.remaining_quantity * x.cost_per_thousand) AS remaining_cost
      FROM (
        SELECT 1 AS s, n.agency_id, n.account_id, n.program, n.status, n.original_quantity, n.remaining_quantity, n.total_cost_cents, n.cost_per_thousand
        FROM new_rows n WHERE n.deleted_at IS NULL
        UNION ALL
        SELECT -1, o.agency_id, o.account_id, o.program, o.status, o.original_quantity, o.remaining_quantity, o.total_cost_cents, o.cost_per_thousand
        FROM old_rows o WHERE o.deleted_at IS NULL
      ) x
      GROUP BY 1, 2, 3, 4
      HAVING (sum(x.s), sum(x.s * x.original_quantity), sum(x.s * x.remaining_quantity), sum(x.s * x.total_cost_cents),
        sum(x.s * x.remaining_quantity * x.cost_per_thousand)) IS DISTINCT FROM (0, 0, 0, 0, 0)
      ORDER BY 1, 2, 3, 4;
  ELSE
    OPEN deltas FOR
      SELECT x.agency_id, x.account_id, x.program, x.status, -count(*) AS lots, -sum(x.original_quantity) AS original_miles,
        -sum(x.remaining_quantity) AS remaining_miles, -sum(x.total_cost_cents) AS total_cost_cents,
        -sum(round(x.remaining_quantity * x.cost_per_thousand / 10)) AS remaining_value_cents,
        -sum(x.remaining_quantity * x.cost_per_thousand) AS remaining_cost
      FROM old_rows x WHERE x.deleted_at IS NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
  END IF;
  PERFORM lot_totals_apply_deltas(deltas);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER mile_lots_search_entry_insert ON mile_lots;--> statement-breakpoint
DROP TRIGGER mile_lots_search_entry_update ON mile_lots;--> statement-breakpoint
DROP TRIGGER mile_lots_totals_insert ON mile_lots;--> statement-breakpoint
DROP TRIGGER mile_lots_totals_update ON mile_lots;--> statement-breakpoint
DROP TRIGGER mile_lots_totals_delete ON mile_lots;--> statement-breakpoint
DROP FUNCTION lot_search_entries_follow();--> statement-breakpoint
DROP FUNCTION lot_totals_apply();--> statement-breakpoint
CREATE TRIGGER mile_lots_kept_insert AFTER INSERT ON mile_lots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mile_lots_kept_follow();--> statement-breakpoint
CREATE TRIGGER mile_lots_kept_update AFTER UPDATE ON mile_lots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mile_lots_kept_follow();--> statement-breakpoint
CREATE TRIGGER mile_lots_kept_delete AFTER DELETE ON mile_lots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mile_lots_kept_follow();
