import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { BillingConfig } from '../src/config.ts';
import { FakeStripe } from './fake-stripe.ts';

/** The fake's secret key, for calling it directly as Stripe's API. */
export const stripeSecretKey = 'sk_test_tickerwise';
const secretKey = stripeSecretKey;
const webhookSecret = 'whsec_tickerwise_test';

/** The fake Stripe of a test file (Pro at $19.99, Enterprise at $49.99), not yet listening. */
export function fakeStripe(): FakeStripe {
  return new FakeStripe({
    secretKey,
    webhookSecret,
    prices: { price_pro: 1999, price_enterprise: 4999 },
  });
}

/** The billing settings of an app that pays through the fake Stripe listening at `apiBase`. */
export function stripeBilling(apiBase: URL): BillingConfig {
  return {
    provider: 'stripe',
    stripe: {
      secretKey,
      publishableKey: 'pk_test_tickerwise',
      prices: { pro: 'price_pro', enterprise: 'price_enterprise' },
      webhookSecret,
      apiBase,
    },
  };
}

/** Delivers a Stripe event to the app's webhook, signed as Stripe signs it (or as `options` say). */
export function deliverStripeEvent(
  app: FastifyInstance,
  fake: FakeStripe,
  event: Stripe.Event,
  options: { secret?: string; timestamp?: number } = {},
) {
  const { payload, signature } = fake.signed(event, options);
  return app.inject({
    method: 'POST',
    url: '/api/billing/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
}
