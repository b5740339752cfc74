import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { RiskProfileResponse } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveRiskAnswers } from './save-risk-answers.ts';

const riskProfileKey = ['me', 'risk-profile'] as const;

/** `GET /api/me/risk-profile`: the profile the user saved, or null. */
export const riskProfileQuery = queryOptions({
  queryKey: riskProfileKey,
  queryFn: ({ signal }) => apiRequest<RiskProfileResponse>('/api/me/risk-profile', { signal }),
});

export function useSaveRiskProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveRiskAnswers,
    onSuccess: (saved) => client.setQueryData(riskProfileKey, saved),
  });
}

export function useDeleteRiskProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('/api/me/risk-profile', { method: 'DELETE' }),
    onSuccess: () => client.setQueryData(riskProfileKey, { riskProfile: null }),
  });
}
