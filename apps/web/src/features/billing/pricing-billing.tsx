// First: the schemas below are built with zod's compiler off (lib/zod-csp.ts).
import '../../lib/zod-csp.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import type { BillingStatus } from '@tickerwise/shared';
import { useEffect } from 'react';
import { queryClient } from '../../lib/query-client.ts';
import { useBillingStatus } from './api/get-billing-status.ts';

interface PricingBillingProps {
  /** Called with the subscription each time it is read (undefined until it has been). */
  onStatus: (status: BillingStatus | undefined) => void;
}

/**
 * The pricing page's read of a paid subscriber's billing (a scheduled move, its date). A chunk
 * of its own, loaded only for a signed-in user on a paid plan: a visitor's pricing page loads
 * neither TanStack Query nor the billing schemas (ADR 77).
 */
export function PricingBilling({ onStatus }: PricingBillingProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <BillingReader onStatus={onStatus} />
    </QueryClientProvider>
  );
}

function BillingReader({ onStatus }: PricingBillingProps) {
  const { data } = useBillingStatus(true);
  useEffect(() => onStatus(data), [data, onStatus]);
  return null;
}
