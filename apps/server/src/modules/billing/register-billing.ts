import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { BillingConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import { customerDirectory } from './customers.ts';
import { type FailedPaymentLimitSettings, FailedPaymentLimits } from './failed-payment-limits.ts';
import { createBillingProvider } from './providers/create-provider.ts';
import { billingRoutes } from './routes.ts';
import { type BillingDeps, type BillingService, createBillingService } from './service.ts';
import { applyDueChanges } from './sweep.ts';

/** How often scheduled plan changes and offline renewals that fell due are applied. */
const sweepIntervalMs = 60_000;

/** Billing routes, plus the sweep that applies plan changes when paid periods end. */
export async function registerBilling(
  app: FastifyInstance,
  options: {
    config: BillingConfig;
    auth: Auth;
    db: Db;
    clock: Clock;
    limits: FailedPaymentLimitSettings;
    /** Given by the app, so that billing depends on no other module for it. */
    claimInvitation: BillingDeps['claimInvitation'];
  },
): Promise<BillingService> {
  const { db, clock } = options;
  const log = (error: unknown) => app.log.error({ err: error }, 'payment provider call failed');
  const customers = customerDirectory(db);
  const provider = createBillingProvider(options.config, customers, log);
  const billing = createBillingService({
    db,
    provider,
    clock,
    log,
    userOfCustomer: customers.userOf,
    claimInvitation: options.claimInvitation,
  });
  await app.register(billingRoutes, {
    auth: options.auth,
    billing,
    provider,
    failedPayments: new FailedPaymentLimits(db, options.limits, clock),
  });

  // On the app's scheduler (stopped before the database closes); a failed sweep is logged as
  // "billing sweep failed" and tried again a minute later.
  app.addHook('onReady', async () => {
    app.scheduler.every('billing sweep', sweepIntervalMs, () => applyDueChanges(db, clock()), {
      runAtStart: true,
    });
  });
  return billing;
}

/** What the page's Content-Security-Policy must allow for Stripe.js (only when Stripe is on). */
export function billingCspDirectives(config: BillingConfig): Record<string, string[]> {
  if (config.provider !== 'stripe') return {};
  return {
    scriptSrc: ["'self'", 'https://js.stripe.com'],
    frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
    connectSrc: ["'self'", 'https://api.stripe.com'],
  };
}
