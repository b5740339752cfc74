import { useQuery } from '@tanstack/react-query';
import { teamAnswerSchema } from '@tickerwise/shared';
import { apiRequest } from './api-client.ts';

/**
 * Whether the user is in a team that can be changed now (`GET /api/team`, the team page's
 * query): what offers to move a personal thing into the team (docs/PRODUCT.md §3.26).
 */
export function useInTeam(): boolean {
  const answer = useQuery({
    queryKey: ['team'],
    queryFn: async ({ signal }) =>
      teamAnswerSchema.parse(await apiRequest<unknown>('/api/team', { signal })),
  });
  return Boolean(answer.data?.team && !answer.data.team.readOnly);
}
