import { useQuery } from '@tanstack/react-query';
import { healthQuery } from './api/get-health.ts';

/** SPEC.md dashboard layout: a red banner while the database check fails. */
export function DatabaseBanner() {
  const { isError } = useQuery(healthQuery);
  if (!isError) return null;
  return (
    <div role="alert" className="bg-red-600 px-4 py-2.5 text-center text-sm font-medium text-white">
      Database connection failed. Please check your configuration.
    </div>
  );
}
