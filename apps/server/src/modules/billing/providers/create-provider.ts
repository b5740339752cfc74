import type { BillingConfig } from '../../../config.ts';
import type { BillingProvider } from './provider.ts';
import { type CustomerDirectory, createStripeProvider } from './stripe.ts';
import { createTestProvider } from './test.ts';

/** The payment system the config chose. */
export function createBillingProvider(
  config: BillingConfig,
  customers: CustomerDirectory,
  log: (error: unknown) => void,
): BillingProvider {
  return config.provider === 'stripe'
    ? createStripeProvider(config.stripe, customers, log)
    : createTestProvider();
}
