import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onDatabaseUnavailable } from '../../lib/api-client.ts';
import { healthQuery } from './api/get-health.ts';

/**
 * docs/PRODUCT.md §3.10: a red banner while the database check fails. Any API call that
 * answers 503 `database_unavailable` checks health again at once, so the banner shows with
 * the first failed call rather than at the next scheduled check.
 */
export function DatabaseBanner() {
  const queryClient = useQueryClient();
  const { isError } = useQuery(healthQuery);
  useEffect(
    () =>
      onDatabaseUnavailable(() => {
        void queryClient.invalidateQueries({ queryKey: healthQuery.queryKey });
      }),
    [queryClient],
  );
  if (!isError) return null;
  return (
    <div role="alert" className="bg-red-600 px-4 py-2.5 text-center text-sm font-medium text-white">
      Database connection failed. Please check your configuration.
    </div>
  );
}
