CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invitations_role" CHECK ("invitations"."role" IN ('admin', 'operador'))
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "changes" jsonb;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "ip" text DEFAULT nullif(current_setting('app.client_ip', true), '');--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "document_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "mfa_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "recovery_code_hashes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "invitations_agency_idx" ON "invitations" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK ("users"."role" IN ('admin', 'operador'));--> statement-breakpoint
-- #20 (docs/decisions/0026-team-and-roles.md). Invitations are agency data read by the agency's
-- admins under its policy; the accept page finds one by its token's hash through owner-run
-- functions (0032). Password resets are never read by the tenant role: owner-run functions only (0033).
GRANT SELECT, INSERT, UPDATE, DELETE ON invitations TO milheiro_app;--> statement-breakpoint
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY agency_isolation ON invitations USING (agency_id = (SELECT app_current_agency())) WITH CHECK (agency_id = (SELECT app_current_agency()));--> statement-breakpoint
ALTER TABLE password_resets ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- A session whose second factor is still due names no agency, and neither does a deactivated user's.
CREATE OR REPLACE FUNCTION app_current_agency() RETURNS uuid
  LANGUAGE plpgsql STABLE SECURITY DEFINER
  AS $$
DECLARE
  token text := current_setting('app.session_token', true);
  agency uuid;
BEGIN
  IF token IS NOT NULL AND token <> '' THEN
    SELECT s.agency_id INTO agency FROM public.sessions s
    WHERE s.id = encode(sha256(convert_to(token, 'UTF8')), 'hex') AND s.expires_at > now() AND NOT s.mfa_pending;
    RETURN agency;
  END IF;
  IF pg_has_role(session_user, current_user, 'USAGE') THEN
    RETURN nullif(current_setting('app.agency_id', true), '')::uuid;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The live session of a cookie token, now with its user's role and whether the agency requires a
-- second factor the user has not enrolled yet (then only the enrolment routes answer). A pending
-- second factor or a deactivated user enters nothing.
DROP FUNCTION app_enter_session(text);--> statement-breakpoint
CREATE FUNCTION app_enter_session(token text)
  RETURNS TABLE (session_id text, user_id uuid, agency_id uuid, expires_at timestamptz, last_seen_at timestamptz,
    role text, mfa_setup_required boolean)
  LANGUAGE sql STABLE SECURITY DEFINER
  SET search_path = pg_catalog, public
  AS $$
  SELECT s.id::text, s.user_id, s.agency_id, s.expires_at, s.last_seen_at, u.role,
    coalesce((a.settings->>'require_mfa')::boolean, false) AND u.totp_enabled_at IS NULL
  FROM sessions s
  JOIN users u ON u.id = s.user_id
  JOIN agencies a ON a.id = s.agency_id
  WHERE s.id = encode(sha256(convert_to(token, 'UTF8')), 'hex') AND s.expires_at > now() AND a.is_active
    AND NOT s.mfa_pending AND u.deactivated_at IS NULL
$$;
--> statement-breakpoint
REVOKE EXECUTE ON FUNCTION app_enter_session(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_enter_session(text) TO milheiro_app;
