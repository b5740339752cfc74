import { type CheckoutResult, checkoutResultSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/billing/checkout/confirm`: after 3-D Secure, the server checks the payment with Stripe. */
export async function confirmCheckout(subscriptionId: string): Promise<CheckoutResult> {
  return checkoutResultSchema.parse(
    await apiRequest<unknown>('/api/billing/checkout/confirm', { body: { subscriptionId } }),
  );
}
