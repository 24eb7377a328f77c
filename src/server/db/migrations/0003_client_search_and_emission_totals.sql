-- Contains-search over clients.search_text (name, e-mail, document) with a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS clients_search_trgm_idx ON clients USING gin (search_text gin_trgm_ops);
--> statement-breakpoint
-- Clients' emission figures follow their emissions (DESIGN.md §2: derived, never typed in).
-- Deltas, not recounts: a recount inside a trigger would read a snapshot that misses a
-- concurrent transaction's emission; "x = x + d" is applied to the latest row version.
-- Active = pending, processing or issued; cancelled and failed count in no total.
CREATE OR REPLACE FUNCTION clients_apply_emission_delta() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND NEW.client_id = OLD.client_id
     AND NEW.status = OLD.status
     AND NEW.revenue_cents = OLD.revenue_cents
     AND NEW.deleted_at IS NOT DISTINCT FROM OLD.deleted_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL THEN
    UPDATE clients SET
      emissions_count = emissions_count - 1,
      active_emissions_count = active_emissions_count - (CASE WHEN OLD.status IN ('pending', 'processing', 'issued') THEN 1 ELSE 0 END),
      total_spent_cents = total_spent_cents - (CASE WHEN OLD.status IN ('pending', 'processing', 'issued') THEN OLD.revenue_cents ELSE 0 END)
    WHERE id = OLD.client_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.deleted_at IS NULL THEN
    UPDATE clients SET
      emissions_count = emissions_count + 1,
      active_emissions_count = active_emissions_count + (CASE WHEN NEW.status IN ('pending', 'processing', 'issued') THEN 1 ELSE 0 END),
      total_spent_cents = total_spent_cents + (CASE WHEN NEW.status IN ('pending', 'processing', 'issued') THEN NEW.revenue_cents ELSE 0 END),
      last_emission_at = GREATEST(last_emission_at, NEW.created_at)
    WHERE id = NEW.client_id;
  END IF;
  -- The latest emission may have gone; look again (a timestamp, so a racing insert is harmless).
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.deleted_at IS NULL
     AND (TG_OP = 'DELETE' OR NEW.deleted_at IS NOT NULL OR NEW.client_id <> OLD.client_id) THEN
    UPDATE clients SET last_emission_at = (
      SELECT max(e.created_at) FROM emissions e WHERE e.client_id = OLD.client_id AND e.deleted_at IS NULL
    ) WHERE id = OLD.client_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER emissions_client_totals
  AFTER INSERT OR UPDATE OR DELETE ON emissions
  FOR EACH ROW EXECUTE FUNCTION clients_apply_emission_delta();
