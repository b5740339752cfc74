import type {
  BillingConfig as BillingConfigBody,
  CheckoutResult,
  PlanChangeResult,
} from '@tickerwise/shared';
import { checkoutConfirmSchema, planChangeSchema } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { getMe } from '../profiles/service.ts';
import { type FailedPaymentLimitSettings, FailedPaymentLimits } from './failed-payment-limits.ts';
import type { BillingProvider } from './providers/provider.ts';
import type { StripeBillingProvider } from './providers/stripe.ts';
import { billingStatus } from './records.ts';
import { changePlan } from './service.ts';
import { stripeWebhookRoutes } from './stripe-webhook-routes.ts';

export interface BillingRoutesOptions {
  auth: Auth;
  db: Db;
  provider: BillingProvider | StripeBillingProvider;
  limits: FailedPaymentLimitSettings;
}

/** Plans and payments: the only way a user's tier changes. */
export const billingRoutes: FastifyPluginAsync<BillingRoutesOptions> = async (
  app,
  { auth, db, provider, limits },
) => {
  const failedPayments = new FailedPaymentLimits(db, limits);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/billing/config',
    { config: { access: 'public' } },
    async (): Promise<BillingConfigBody> => ({
      provider: provider.name,
      publishableKey: provider.publishableKey,
    }),
  );

  app.get('/api/billing/subscription', { config: { access: 'user' } }, async (request) => {
    const user = await requireUser(auth, request);
    return billingStatus(db, user.id);
  });

  app.post(
    '/api/billing/checkout',
    { config: { access: 'user' } },
    async (request): Promise<CheckoutResult> => {
      const user = await requireUser(auth, request);
      const outcome = await failedPayments.attempt(user.id, request.ip, () =>
        provider.checkout(user, request.body),
      );
      if (outcome.status === 'requires_action') return outcome;
      return {
        status: 'succeeded',
        me: await getMe(db, user),
        billing: await billingStatus(db, user.id),
      };
    },
  );

  app.post(
    '/api/billing/checkout/confirm',
    { config: { access: 'user' } },
    async (request): Promise<CheckoutResult> => {
      const user = await requireUser(auth, request);
      const { subscriptionId } = parseInput(checkoutConfirmSchema, request.body);
      await provider.confirmCheckout(user, subscriptionId);
      return {
        status: 'succeeded',
        me: await getMe(db, user),
        billing: await billingStatus(db, user.id),
      };
    },
  );

  app.post(
    '/api/billing/plan-change',
    { config: { access: 'user' } },
    async (request): Promise<PlanChangeResult> => {
      const user = await requireUser(auth, request);
      const { plan } = parseInput(planChangeSchema, request.body);
      return changePlan(db, provider, user, plan);
    },
  );

  if ('webhooks' in provider) {
    await app.register(stripeWebhookRoutes, { webhooks: provider.webhooks });
  }
};
