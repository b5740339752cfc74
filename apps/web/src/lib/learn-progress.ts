import { queryOptions } from '@tanstack/react-query';
import type { LearnProgress } from '@tickerwise/shared';
import { apiRequest } from './api-client.ts';

/**
 * `GET /api/learn/progress`: courses completed, the next lesson and the lessons completed lately
 * (the dashboard's card and Recent Activity). Under the `learn` key: a submitted quiz refreshes it.
 */
export const learnProgressQuery = queryOptions({
  queryKey: ['learn', 'progress'],
  queryFn: ({ signal }) => apiRequest<LearnProgress>('/api/learn/progress', { signal }),
});
