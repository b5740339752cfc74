import {
  type CheckoutResult,
  checkoutResultSchema,
  type StripeCheckoutInput,
  type TestCheckoutInput,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';

/** `POST /api/billing/checkout`: takes the first payment (or asks for 3-D Secure). */
export async function startCheckout(
  input: TestCheckoutInput | StripeCheckoutInput,
): Promise<CheckoutResult> {
  return checkoutResultSchema.parse(
    await apiRequest<unknown>('/api/billing/checkout', { body: input }),
  );
}
