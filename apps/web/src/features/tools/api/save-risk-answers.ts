import type { RiskProfileResponse } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * `PUT /api/me/risk-profile`: the answers, sent only when a signed-in user chooses to save
 * them. Kept apart from the query hooks so the public tool page loads no TanStack Query.
 */
export function saveRiskAnswers(answers: readonly number[]): Promise<RiskProfileResponse> {
  return apiRequest<RiskProfileResponse>('/api/me/risk-profile', {
    method: 'PUT',
    body: { answers },
  });
}
