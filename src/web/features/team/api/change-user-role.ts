import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRole } from '@domain/auth/roles';
import type { TeamUser } from '@domain/team/team.schema';
import { api } from '@/lib/api-client';
import { teamKeys } from './keys';

export const changeUserRole = ({ id, role }: { id: string; role: UserRole }) =>
  api.put<TeamUser>(`/team/users/${encodeURIComponent(id)}/role`, { role });

export function useChangeUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeUserRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.users() }),
  });
}
