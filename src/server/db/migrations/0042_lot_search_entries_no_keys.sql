-- lot_search_entries without foreign keys (decision 0006, amended). An entry is the copy of its
-- lot that mile_lots_kept_follow writes in the lot's own statement and keeps equal on update; its
-- two keys (to the lot, to the agency) only checked what that trigger already guarantees, at a
-- tenth of each lot's insert (a FOR KEY SHARE look-up of the lot and of the agency per entry:
-- 10,000 credited lots, ~90 ms of ~840 on PostgreSQL). The lot's delete now deletes its entry
-- itself, as the lot-key's cascade did (a lot is deleted only with its agency).
ALTER TABLE "lot_search_entries" DROP CONSTRAINT "lot_search_entries_agency_id_agencies_id_fk";
--> statement-breakpoint
ALTER TABLE "lot_search_entries" DROP CONSTRAINT "lot_search_entries_agency_id_lot_id_mile_lots_agency_id_id_fk";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.mile_lots_kept_follow()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
  ELSE
    -- Deleted with its lot (lots are deleted softly; a hard delete is the agency's own, by cascade).
    DELETE FROM lot_search_entries e USING old_rows o WHERE e.agency_id = o.agency_id AND e.lot_id = o.id;
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
$function$;
