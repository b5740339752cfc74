import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MemberRole,
  type Team,
  type TeamActivity,
  type TeamAnswer,
  type TeamInviteInput,
  teamActivitySchema,
  teamAnswerSchema,
} from '@tickerwise/shared';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client.ts';
import { subscribeLiveEvents } from '../../../lib/live-events.ts';

export const teamKey = ['team'] as const;
export const teamActivityKey = ['team', 'activity'] as const;

/** `GET /api/team`: the user's team, or whether they may make one. */
export function useTeam() {
  return useQuery({
    queryKey: teamKey,
    queryFn: async ({ signal }): Promise<TeamAnswer> =>
      teamAnswerSchema.parse(await apiRequest<unknown>('/api/team', { signal })),
  });
}

/** The audit log, a page at a time, newest first. */
export function useTeamActivity(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: teamActivityKey,
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }): Promise<TeamActivity> =>
      teamActivitySchema.parse(
        await apiRequest<unknown>(
          `/api/team/activity${pageParam === undefined ? '' : `?before=${pageParam}`}`,
          { signal },
        ),
      ),
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** A member joins, leaves or changes role anywhere: the team page and its log refetch. */
export function useLiveTeam(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => subscribeLiveEvents('team', () => queryClient.invalidateQueries({ queryKey: teamKey })),
    [queryClient],
  );
}

type TeamReply = { team: Team };

export const createTeam = (name: string) => apiRequest<TeamReply>('/api/team', { body: { name } });
export const renameTeam = (name: string) =>
  apiRequest<TeamReply>('/api/team', { method: 'PATCH', body: { name } });
export const deleteTeam = () => apiRequest<void>('/api/team', { method: 'DELETE' });
export const inviteMember = (input: TeamInviteInput) =>
  apiRequest<TeamReply>('/api/team/invitations', { body: input });
export const revokeInvitation = (id: string) =>
  apiRequest<TeamReply>(`/api/team/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const acceptInvitation = (token: string) =>
  apiRequest<TeamReply>('/api/team/invitations/accept', { body: { token } });
export const changeRole = (userId: string, role: MemberRole) =>
  apiRequest<TeamReply>(`/api/team/members/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: { role },
  });
export const removeMember = (userId: string) =>
  apiRequest<TeamReply>(`/api/team/members/${encodeURIComponent(userId)}`, { method: 'DELETE' });
export const leaveTeam = () => apiRequest<void>('/api/team/leave', { method: 'POST' });
