import type { PaidTier, PaymentProvider, SubscriptionTier } from '@tickerwise/shared';
import type { NewPayment, SubscriptionRow } from '../records.ts';

/** The signed-in user paying. */
export interface Payer {
  id: string;
  name: string;
  email: string;
}

/** A first payment that went through, or one the card holder must confirm with their bank. */
export type CheckoutOutcome =
  | { status: 'succeeded' }
  | { status: 'requires_action'; clientSecret: string; subscriptionId: string };

/**
 * Who moves the money. The rules (who may buy or change what, and when) live in the service;
 * a provider only charges, credits and tells its side of a subscription what changed.
 */
export interface BillingProvider {
  readonly name: PaymentProvider;
  /** What the browser needs to show this provider's card form. */
  readonly publishableKey: string | null;
  /** Validates the checkout body and takes the first payment; on success the tier is set. */
  checkout(payer: Payer, body: unknown): Promise<CheckoutOutcome>;
  /** After the browser finished 3-D Secure: checks with the provider that the payment went through. */
  confirmCheckout(payer: Payer, subscriptionId: string): Promise<void>;
  /**
   * Moves the provider's subscription to another paid plan and charges or credits the
   * prorated difference. Returns the payment to record with the change, or null when the
   * provider reports it later itself (Stripe's invoice webhook).
   */
  switchPlan(subscription: SubscriptionRow, tier: PaidTier, now: Date): Promise<NewPayment | null>;
  /**
   * Asks the provider to end the subscription at its period end for `scheduledTier` (a
   * non-paid plan), or, with null, to keep renewing it.
   */
  scheduleEnd(subscription: SubscriptionRow, scheduledTier: SubscriptionTier | null): Promise<void>;
}
