import { skipToken, useQuery } from '@tanstack/react-query';
import { isAdmin, type UserRole } from '@domain/auth/roles';
import { authKeys } from '@/lib/query-keys';
import type { Session } from '@/types/api';

/**
 * The signed-in user's role, read from the session the shell already loaded (/auth/me, kept by
 * RequireAuth under authKeys.me()), so the web can hide what the role cannot use. The server
 * decides (docs/decisions/0026-team-and-roles.md); this only mirrors it.
 */
export function useRole(): { role: UserRole | null; isAdmin: boolean } {
  const { data } = useQuery<Session | null>({ queryKey: authKeys.me(), queryFn: skipToken });
  const role = data?.user.role ?? null;
  return { role, isAdmin: isAdmin(role) };
}
