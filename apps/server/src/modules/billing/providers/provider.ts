import type { PaidTier, PaymentProvider, SubscriptionTier, TestCard } from '@tickerwise/shared';
import type { SubscriptionRow, SubscriptionStatus } from '../subscriptions.ts';

/** The signed-in user paying. */
export interface Payer {
  id: string;
  name: string;
  email: string;
}

/** How the payer pays: our own test card form, or a PaymentMethod that Stripe.js made. */
export type PaymentDetails = { card: TestCard } | { paymentMethodId: string };

/** A subscription as the payment system has it now, in our words. */
export interface ProviderSubscription {
  /** The payment system's id; null where it keeps no subscriptions of its own (test). */
  id: string | null;
  /** Its customer at the payment system (who pays), when it has customers. */
  customerId: string | null;
  /** The plan it bills; null for a price that is none of ours. */
  tier: PaidTier | null;
  status: SubscriptionStatus;
  period: { start: Date; end: Date };
  /** Ends, instead of renewing, when the period ends. */
  endsAtPeriodEnd: boolean;
  /** The non-paid plan the user chose to move to at the period end, as told to the provider. */
  scheduledTier: Extract<SubscriptionTier, 'free' | 'alpha'> | null;
  /** The checkout attempt (idempotency key) that made it. */
  checkoutKey: string | null;
}

/** Money the payment system took, or refused. */
export interface ProviderPayment {
  providerPaymentId: string;
  /** Negative for a credit. */
  amountCents: number;
  currency: string;
  status: 'succeeded' | 'failed';
  failureMessage: string | null;
  cardLast4: string | null;
}

/** What taking (or confirming) a subscription's first payment came to. */
export type FirstPayment =
  | { status: 'paid'; subscription: ProviderSubscription; payment: ProviderPayment | null }
  | { status: 'requires_action'; subscription: ProviderSubscription; clientSecret: string }
  | {
      status: 'declined';
      /** The attempt the payment system made, to be ended so that nothing lingers. */
      subscription: ProviderSubscription | null;
      /** The refusal, when the payment system does not report it later by itself. */
      payment: ProviderPayment | null;
      code: string;
      message: string;
    };

export interface SubscribeRequest {
  payer: Payer;
  plan: PaidTier;
  /** The checkout attempt: the same key never charges twice. */
  checkoutKey: string;
  payment: PaymentDetails;
  now: Date;
}

/** An invoice of the payment system: the money of a first month, a plan switch or a renewal. */
export interface ProviderInvoice {
  id: string;
  subscriptionId: string | null;
  kind: 'subscription' | 'proration' | 'renewal';
  amountPaidCents: number;
  amountDueCents: number;
  currency: string;
}

/** A verified event of the payment system, in our words. */
export type ProviderEvent = { id: string; type: string } & (
  | { kind: 'subscription'; subscriptionId: string }
  | { kind: 'invoice'; paid: boolean; invoice: ProviderInvoice }
  | { kind: 'other' }
);

export interface ProviderWebhooks {
  /** Verifies the signature over the raw body (and its age) and reads the event; 400 otherwise. */
  parse(payload: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent;
}

/**
 * An adapter to a payment system: it moves money and tells the payment system what changed,
 * nothing more. Who may buy or change what, idempotency and every row we keep are the billing
 * service's. Failures the user can meet come back as `AppError`s with the provider's words.
 */
export interface BillingProvider {
  readonly name: PaymentProvider;
  /** What the browser needs to show this provider's card form. */
  readonly publishableKey: string | null;
  /** Signed event deliveries, for a payment system that sends them. */
  readonly webhooks: ProviderWebhooks | null;
  /** Starts a subscription to `plan` and takes its first month's payment. */
  subscribe(request: SubscribeRequest): Promise<FirstPayment>;
  /** After the card holder's bank asked them to confirm: how the first payment stands now. */
  confirm(providerSubscriptionId: string): Promise<FirstPayment>;
  /** The subscription as the payment system has it now; null when it has none by that id. */
  retrieve(providerSubscriptionId: string): Promise<ProviderSubscription | null>;
  /**
   * Moves the subscription to another paid plan and charges or credits the prorated
   * difference. Answers that payment, or null when the provider reports it later itself.
   */
  switchPlan(
    subscription: SubscriptionRow,
    tier: PaidTier,
    now: Date,
  ): Promise<ProviderPayment | null>;
  /**
   * Asks the payment system to end the subscription at its period end for `scheduledTier` (a
   * non-paid plan), or, with null, to keep renewing it.
   */
  scheduleEnd(subscription: SubscriptionRow, scheduledTier: SubscriptionTier | null): Promise<void>;
  /**
   * Ends the subscription at the payment system at once, without waiting for the period end.
   * Answers its final state, or null when the payment system does not have it (any more).
   */
  cancel(providerSubscriptionId: string): Promise<ProviderSubscription | null>;
}
