-- #20 (docs/decisions/0026-team-and-roles.md): invitations. The accept page has no session, so no
-- agency: it finds the invitation by its token's SHA-256 through these owner-run functions, as
-- sign-in finds a user (migration 0015). The token itself is never stored.
--
-- What the accept page shows: the invitation's state (pending, accepted, revoked, expired) with its
-- agency's trade name, e-mail and role; nothing for an unknown token or an inactive agency.
CREATE OR REPLACE FUNCTION app_invitation_preview(hash text)
  RETURNS TABLE (status text, agency_name text, email text, role text, expires_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
  SELECT CASE WHEN i.accepted_at IS NOT NULL THEN 'accepted' WHEN i.revoked_at IS NOT NULL THEN 'revoked'
      WHEN i.expires_at <= now() THEN 'expired' ELSE 'pending' END,
    a.trade_name, i.email, i.role, i.expires_at
  FROM invitations i
  JOIN agencies a ON a.id = i.agency_id
  WHERE i.token_hash = hash AND a.is_active
$$;
--> statement-breakpoint
-- Accepts a pending invitation once: under the invitation's row lock, creates its user (the
-- invited e-mail and role; name, phone and password hash from `account`), marks it accepted and
-- opens the user's session. Anything else changes nothing and answers why: unknown, accepted,
-- revoked, expired, email_taken or phone_taken; 'ok' with the new user and agency otherwise.
CREATE OR REPLACE FUNCTION app_accept_invitation(hash text, account jsonb, token_hash text, expires timestamptz, agent text, address text, max_sessions integer)
  RETURNS TABLE (status text, user_id uuid, agency_id uuid)
  LANGUAGE plpgsql SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
DECLARE
  inv invitations%ROWTYPE;
  uid uuid;
  new_phone text := nullif(account->>'phone', '');
BEGIN
  SELECT i.* INTO inv FROM invitations i JOIN agencies a ON a.id = i.agency_id
  WHERE i.token_hash = hash AND a.is_active FOR UPDATE OF i;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'unknown'::text, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;
  IF inv.accepted_at IS NOT NULL OR inv.revoked_at IS NOT NULL OR inv.expires_at <= now() THEN
    RETURN QUERY SELECT CASE WHEN inv.accepted_at IS NOT NULL THEN 'accepted' WHEN inv.revoked_at IS NOT NULL THEN 'revoked'
      ELSE 'expired' END, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(inv.email)) THEN
    RETURN QUERY SELECT 'email_taken'::text, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;
  IF new_phone IS NOT NULL AND EXISTS (SELECT 1 FROM users u WHERE u.phone = new_phone) THEN
    RETURN QUERY SELECT 'phone_taken'::text, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;
  BEGIN
    INSERT INTO users (agency_id, name, email, phone, password_hash, notification_prefs, role, last_sign_in_at)
    VALUES (inv.agency_id, account->>'name', lower(inv.email), new_phone, account->>'password_hash',
      coalesce(account->'notification_prefs', '{}'::jsonb), inv.role, now())
    RETURNING id INTO uid;
  EXCEPTION WHEN unique_violation THEN
    -- Another invitation for the same e-mail or phone was accepted meanwhile.
    RETURN QUERY SELECT CASE WHEN new_phone IS NOT NULL AND EXISTS (SELECT 1 FROM users u WHERE u.phone = new_phone)
      THEN 'phone_taken' ELSE 'email_taken' END, NULL::uuid, NULL::uuid;
    RETURN;
  END;
  UPDATE invitations SET accepted_at = now(), accepted_user_id = uid WHERE id = inv.id;
  PERFORM app_open_session(uid, inv.agency_id, token_hash, expires, agent, address, max_sessions);
  RETURN QUERY SELECT 'ok'::text, uid, inv.agency_id;
END $$;
--> statement-breakpoint
-- Whether an e-mail is already some user's, in any agency (users.email is unique across agencies):
-- an admin's invitation to it could never be accepted, so it is refused when made.
CREATE OR REPLACE FUNCTION app_email_registered(address text) RETURNS boolean
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$ SELECT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower(address)) $$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_invitation_preview(text),
  app_accept_invitation(text, jsonb, text, timestamptz, text, text, integer),
  app_email_registered(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_invitation_preview(text),
  app_accept_invitation(text, jsonb, text, timestamptz, text, text, integer),
  app_email_registered(text) TO milheiro_app;
