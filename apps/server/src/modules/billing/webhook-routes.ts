import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/errors.ts';
import type { ProviderWebhooks } from './providers/provider.ts';
import type { BillingService } from './service.ts';

/**
 * `POST /api/billing/webhooks/<provider>`. The payment system signs the exact bytes it sends,
 * so this scope keeps JSON bodies raw (a Fastify plugin scope: no other route is affected).
 */
export const webhookRoutes: FastifyPluginAsync<{
  path: string;
  webhooks: ProviderWebhooks;
  billing: BillingService;
}> = async (app, { path, webhooks, billing }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(path, { config: { access: 'webhook' } }, async (request) => {
    if (!Buffer.isBuffer(request.body)) {
      throw new AppError(400, 'bad_request', 'The webhook body must be JSON.');
    }
    const event = webhooks.parse(request.body, request.headers);
    await billing.handleEvent(event);
    return { received: true };
  });
};
