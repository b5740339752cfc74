import type { BillingConfig } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import type { BillingProvider } from './provider.ts';
import { createStripeProvider, type StripeBillingProvider } from './stripe.ts';
import { createTestProvider } from './test.ts';

/** The provider the config chose; Stripe's comes with its webhook handling. */
export function createBillingProvider(
  db: Db,
  config: BillingConfig,
  log: (error: unknown) => void,
): BillingProvider | StripeBillingProvider {
  return config.provider === 'stripe'
    ? createStripeProvider(db, config.stripe, log)
    : createTestProvider(db);
}
