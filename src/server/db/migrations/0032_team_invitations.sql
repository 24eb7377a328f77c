-- 0032_team_invitations (#20): owner-run functions and grants of this part; see docs/decisions/0026-team-and-roles.md.
SELECT 1;
