-- 0034_audit_log (#20): owner-run functions and grants of this part; see docs/decisions/0026-team-and-roles.md
-- and docs/decisions/0027-audit-log-and-lgpd.md.
-- The audit log is the activity table, append-only for the tenant role: requests insert and read
-- their agency's lines, never change or remove them. The agency's deletion (run by the owner)
-- still removes them through the foreign key's cascade, and a user's deletion still sets their
-- lines' user_id to null: referential actions run as the table's owner.
REVOKE UPDATE, DELETE, TRUNCATE ON activity FROM milheiro_app;--> statement-breakpoint
-- LGPD (art. 18 IV): an anonymised client's name and personal values leave the audit lines about
-- them — the client's own lines, and those of its emissions and quotes, whose descriptions name it —
-- while who did what, when and from where stays. The one change the tenant role can make to the
-- log, and only for its own agency's client already marked anonymised (the caller's transaction
-- set anonymized_at and the new name first). Answers how many lines it redacted.
CREATE OR REPLACE FUNCTION app_redact_client_activity(p_client uuid, p_old_name text)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  agency uuid := app_current_agency();
  replacement text;
  redacted integer;
BEGIN
  IF agency IS NULL THEN
    RETURN 0;
  END IF;
  SELECT c.name INTO replacement FROM clients c
  WHERE c.agency_id = agency AND c.id = p_client AND c.anonymized_at IS NOT NULL;
  IF replacement IS NULL THEN
    RETURN 0;
  END IF;
  UPDATE activity a SET
    description = CASE WHEN coalesce(p_old_name, '') = '' THEN a.description
      ELSE replace(a.description, p_old_name, replacement) END,
    changes = CASE WHEN a.changes IS NULL OR a.ref_type <> 'client' THEN a.changes ELSE (
      SELECT jsonb_object_agg(e.key, CASE
        WHEN e.key IN ('name', 'email', 'phone', 'document', 'birth_date', 'notes', 'tags')
          THEN '["(anonimizado)", "(anonimizado)"]'::jsonb
        ELSE e.value END)
      FROM jsonb_each(a.changes) e) END
  WHERE a.agency_id = agency
    AND (
      (a.ref_type = 'client' AND a.ref_id = p_client)
      OR (a.ref_type = 'emission' AND a.ref_id IN (
        SELECT em.id FROM emissions em WHERE em.agency_id = agency AND em.client_id = p_client))
      OR (a.ref_type = 'quote' AND a.ref_id IN (
        SELECT q.id FROM quotes q WHERE q.agency_id = agency AND q.client_id = p_client))
    );
  GET DIAGNOSTICS redacted = ROW_COUNT;
  RETURN redacted;
END $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_redact_client_activity(uuid, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_redact_client_activity(uuid, text) TO milheiro_app;
