import { useQueryClient } from '@tanstack/react-query';
import { type CheckoutResult, type PaidTier, paths } from '@tickerwise/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthActions } from '../../lib/session/auth-provider.tsx';
import { billingStatusKey } from './api/get-billing-status.ts';

export const paymentFailed = 'Payment failed. Please try again.';

/** One key per payment attempt: a repeated submit of the same attempt is charged once. */
function newAttemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type CheckoutState =
  | { status: 'idle' | 'processing' }
  | { status: 'error'; message: string };

/**
 * docs/PRODUCT.md §6.3 states: idle, processing on submit, then success (session flags, fresh
 * profile, /dashboard) or an error shown above the button and back to idle. The flags are
 * cosmetic: the server granted the tier (docs/PRODUCT.md §13.2).
 */
export function useCheckout(plan: PaidTier) {
  const [state, setState] = useState<CheckoutState>({ status: 'idle' });
  const [attemptKey, setAttemptKey] = useState(newAttemptKey);
  const { refreshUser } = useAuthActions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function pay(attempt: (key: string) => Promise<CheckoutResult>): Promise<void> {
    if (state.status === 'processing') return;
    setState({ status: 'processing' });
    try {
      const result = await attempt(attemptKey);
      if (result.status !== 'succeeded') throw new Error(paymentFailed);
      sessionStorage.setItem('subscription_active', 'true');
      sessionStorage.setItem('subscription_plan', plan);
      queryClient.setQueryData(billingStatusKey, result.billing);
      await refreshUser();
      navigate(paths.dashboard);
    } catch (error) {
      setState({
        status: 'error',
        message: error instanceof Error ? error.message : paymentFailed,
      });
      // The next try is a new attempt (maybe another card), not a repeat of this one.
      setAttemptKey(newAttemptKey());
    }
  }

  /** A new submit replaces the last attempt's message, even if the form stops it first. */
  function clearError(): void {
    setState((current) => (current.status === 'error' ? { status: 'idle' } : current));
  }

  return { state, pay, clearError };
}
