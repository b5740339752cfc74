import { z } from 'zod';
import { meSchema } from './auth.ts';
import { invitationCodeSchema } from './invitations.ts';
import { isPaidTier, isPaidUpgrade, paidTiers, type SubscriptionTier } from './plans.ts';
import { subscriptionTierSchema } from './tier-schema.ts';

/**
 * What choosing `target` does for a user on `current` (docs/PRODUCT.md §6.2):
 * - `checkout`: free or alpha to a paid plan is paid for first;
 * - `immediate`: between non-paid plans, applied at once;
 * - `switch`: between paid plans, applied at once with proration;
 * - `schedule`: paid to non-paid, taken on when the paid period ends;
 * - `keep`: back to the current paid plan while a move is scheduled: the move is undone;
 * - `none`: nothing to change.
 */
export type PlanMove = 'checkout' | 'immediate' | 'switch' | 'schedule' | 'keep' | 'none';

export function planMove(
  current: SubscriptionTier,
  target: SubscriptionTier,
  subscription: { scheduledTier: SubscriptionTier | null } | null,
): PlanMove {
  if (current === target) return subscription?.scheduledTier ? 'keep' : 'none';
  if (isPaidUpgrade(current, target)) return 'checkout';
  if (!isPaidTier(current)) return 'immediate';
  // A paid tier without a live subscription cannot be paid for: let it go at once.
  if (!subscription) return isPaidTier(target) ? 'checkout' : 'immediate';
  if (isPaidTier(target)) return 'switch';
  return subscription.scheduledTier === target ? 'none' : 'schedule';
}

/** The plans checkout sells. */
export const paidTierSchema = z.enum(paidTiers, 'Choose the Pro or Enterprise plan');

export const paymentProviders = ['test', 'stripe'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** `GET /api/billing/config`: which card form checkout shows. */
export const billingConfigSchema = z.object({
  provider: z.enum(paymentProviders),
  /** Stripe's publishable key when the provider is `stripe`, else null. */
  publishableKey: z.string().nullable(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** Card messages as Stripe's card element words them, so both card forms read alike. */
export const cardMessages = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryYearInvalid: "Your card's expiration year is invalid.",
  incompleteCvc: "Your card's security code is incomplete.",
} as const;

/** Luhn checksum, as every card network uses to catch a mistyped number. */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Why an `MM/YY` expiry is not usable on `today`, or null when it is. */
export function expiryProblem(expiry: string, today: Date = new Date()): string | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return cardMessages.incompleteExpiry;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return cardMessages.invalidExpiryMonth;
  const thisYear = today.getUTCFullYear();
  const thisMonth = today.getUTCMonth() + 1;
  if (year < thisYear) return cardMessages.expiryYearPast;
  if (year === thisYear && month < thisMonth) return cardMessages.expiryPast;
  if (year > thisYear + 20) return cardMessages.expiryYearInvalid;
  return null;
}

/**
 * The test provider's card form, its expiry checked against `today()` (the server passes its
 * clock): one schema for the form and the server.
 */
export function testCardSchemaOn(today: () => Date) {
  return z.object({
    number: z
      .string()
      .transform((value) => value.replace(/[\s-]/g, ''))
      .pipe(
        z
          .string()
          .regex(/^\d*$/, cardMessages.invalidNumber)
          .min(13, cardMessages.incompleteNumber)
          .max(19, cardMessages.invalidNumber)
          .refine(passesLuhn, cardMessages.invalidNumber),
      ),
    expiry: z.string().superRefine((value, context) => {
      const problem = expiryProblem(value, today());
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, cardMessages.incompleteCvc),
  });
}

export const testCardSchema = testCardSchemaOn(() => new Date());
export type TestCardInput = z.input<typeof testCardSchema>;
/** Card details after parsing: the number without spaces. */
export type TestCard = z.output<typeof testCardSchema>;

const idempotencyKeySchema = z
  .string()
  .regex(
    /^[A-Za-z0-9-]{16,64}$/,
    'The payment attempt is not valid. Reload the page and try again.',
  );

/** `POST /api/billing/checkout` with the test provider's card form, on `today()`. */
export function testCheckoutSchemaOn(today: () => Date) {
  return z.object({
    plan: paidTierSchema,
    /** One per checkout attempt: a repeated submit (double click, retry) charges once. */
    idempotencyKey: idempotencyKeySchema,
    card: testCardSchemaOn(today),
  });
}

export const testCheckoutSchema = testCheckoutSchemaOn(() => new Date());
export type TestCheckoutInput = z.input<typeof testCheckoutSchema>;

/** `POST /api/billing/checkout` with Stripe: a PaymentMethod made by Stripe.js in the browser. */
export const stripeCheckoutSchema = z.object({
  plan: paidTierSchema,
  idempotencyKey: idempotencyKeySchema,
  paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]+$/, 'The card could not be read. Try again.'),
});
export type StripeCheckoutInput = z.input<typeof stripeCheckoutSchema>;

/** `POST /api/billing/checkout/confirm` after the browser finished 3-D Secure. */
export const checkoutConfirmSchema = z.object({
  subscriptionId: z.string().min(1).max(255),
});

/** `POST /api/billing/plan-change`. */
export const planChangeSchema = z.object({
  plan: subscriptionTierSchema,
  /** Needed for a move to the Alpha Tester plan, which is by invitation (docs/PRODUCT.md §4.1). */
  invitationCode: invitationCodeSchema.optional(),
});
export type PlanChangeInput = z.infer<typeof planChangeSchema>;

/** The user's paid subscription as the app shows it. */
export const subscriptionSummarySchema = z.object({
  tier: paidTierSchema,
  status: z.enum(['active', 'past_due']),
  currentPeriodEnd: z.iso.datetime({ offset: true }),
  /** A move to a non-paid plan that takes effect at `currentPeriodEnd` (docs/PRODUCT.md §6.4). */
  scheduledTier: subscriptionTierSchema.nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** `GET /api/billing/subscription`. */
export const billingStatusSchema = z.object({
  subscription: subscriptionSummarySchema.nullable(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** Answer of checkout: paid, or the bank wants the card holder to confirm (3-D Secure). */
export const checkoutResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('succeeded'), me: meSchema, billing: billingStatusSchema }),
  z.object({
    status: z.literal('requires_action'),
    clientSecret: z.string(),
    subscriptionId: z.string(),
  }),
]);
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** Answer of a plan change: `applied` at once, or `scheduled` for the end of the period. */
export const planChangeResultSchema = z.object({
  outcome: z.enum(['applied', 'scheduled', 'kept']),
  me: meSchema,
  billing: billingStatusSchema,
});
export type PlanChangeResult = z.infer<typeof planChangeResultSchema>;

/** One payment of the user's, as the settings page lists it (docs/PRODUCT.md §3.19). */
export const paymentRecordSchema = z.object({
  id: z.string(),
  /** When it was taken or refused (ISO 8601). */
  date: z.iso.datetime(),
  tier: paidTierSchema,
  /** `subscription`: the first payment; `renewal`: a new month; `proration`: a plan switch. */
  kind: z.enum(['subscription', 'renewal', 'proration']),
  /** Cents; negative for a credit. */
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['succeeded', 'failed']),
  /** Why it failed, in the payment system's words. */
  failureMessage: z.string().nullable(),
  cardLast4: z.string().nullable(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

/** `GET /api/billing/payments`: newest first. */
export const paymentHistorySchema = z.object({ payments: z.array(paymentRecordSchema) });
export type PaymentHistory = z.infer<typeof paymentHistorySchema>;
