import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { StripeWebhooks } from './providers/stripe-webhooks.ts';

/**
 * `POST /api/billing/webhooks/stripe`. Stripe signs the exact bytes it sends, so this scope
 * keeps JSON bodies raw (a Fastify plugin scope: no other route is affected).
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{ webhooks: StripeWebhooks }> = async (
  app,
  { webhooks },
) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/api/billing/webhooks/stripe', { config: { access: 'webhook' } }, async (request) => {
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError(400, 'bad_request', 'The webhook body must be JSON.');
    }
    const signature = request.headers['stripe-signature'];
    const event = webhooks.verify(
      request.body,
      typeof signature === 'string' ? signature : undefined,
    );
    await webhooks.handle(event);
    return { received: true };
  });
};
