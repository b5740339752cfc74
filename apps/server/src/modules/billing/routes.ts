import type {
  BillingConfig as BillingConfigBody,
  BillingStatus,
  CheckoutResult,
  PaymentHistory,
  PlanChangeResult,
} from '@tickerwise/shared';
import { planChangeSchema } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import type { FailedPaymentLimits } from './failed-payment-limits.ts';
import type { BillingProvider } from './providers/provider.ts';
import type { BillingService } from './service.ts';
import { webhookRoutes } from './webhook-routes.ts';

export interface BillingRoutesOptions {
  auth: Auth;
  billing: BillingService;
  provider: BillingProvider;
  /** Card testing is stopped at checkout, per account and per address. */
  failedPayments: FailedPaymentLimits;
}

/** Plans and payments: the only way a user's tier changes. */
export const billingRoutes: FastifyPluginAsync<BillingRoutesOptions> = async (
  app,
  { auth, billing, provider, failedPayments },
) => {
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

  app.get(
    '/api/billing/subscription',
    { config: { access: 'user' } },
    async (request): Promise<BillingStatus> => {
      const user = await requireUser(auth, request);
      return billing.status(user.id);
    },
  );

  app.get(
    '/api/billing/payments',
    { config: { access: 'user' } },
    async (request): Promise<PaymentHistory> => {
      const user = await requireUser(auth, request);
      return billing.payments(user.id);
    },
  );

  app.post(
    '/api/billing/checkout',
    { config: { access: 'user' } },
    async (request): Promise<CheckoutResult> => {
      const user = await requireUser(auth, request);
      return failedPayments.attempt(user.id, request.ip, () =>
        billing.checkout(user, request.body),
      );
    },
  );

  app.post(
    '/api/billing/checkout/confirm',
    { config: { access: 'user' } },
    async (request): Promise<CheckoutResult> => {
      const user = await requireUser(auth, request);
      return billing.confirmCheckout(user, request.body);
    },
  );

  app.post(
    '/api/billing/plan-change',
    { config: { access: 'user' } },
    async (request): Promise<PlanChangeResult> => {
      const user = await requireUser(auth, request);
      const { plan, invitationCode } = parseInput(planChangeSchema, request.body);
      return billing.changePlan(user, plan, invitationCode);
    },
  );

  if (provider.webhooks) {
    await app.register(webhookRoutes, {
      path: `/api/billing/webhooks/${provider.name}`,
      webhooks: provider.webhooks,
      billing,
    });
  }
};
