import Stripe from 'stripe';
import { AppError } from '../../../http/errors.ts';

export const paymentFailedMessage = 'Payment failed. Please try again.';

/**
 * What the user is told when a Stripe call fails. Card errors carry Stripe's own message
 * ('Your card was declined.'); anything on Stripe's side or on the way there (timeout, 5xx,
 * rate limit) is a plain 'Payment failed' so the user retries, and the tier stays unchanged.
 */
export function toPaymentError(error: unknown, log: (error: unknown) => void): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new AppError(402, error.code ?? 'card_declined', error.message || paymentFailedMessage);
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    return new AppError(409, 'payment_in_progress', 'Your payment is already being processed.');
  }
  log(error);
  return new AppError(502, 'payment_failed', paymentFailedMessage);
}

/** True when Stripe answered that the object does not exist (deleted, or from another account). */
export function isMissing(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing'
  );
}
