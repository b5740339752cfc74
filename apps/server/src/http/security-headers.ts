import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { billingCspDirectives } from '../modules/billing/register-billing.ts';

/** The security headers of every answer (helmet), from the app's config. */
export function securityHeaderOptions(config: Pick<Config, 'billing'>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        // Served over plain http on localhost by default: do not force https sub-requests.
        upgradeInsecureRequests: null,
        ...billingCspDirectives(config.billing),
      },
    },
    hsts: false,
  };
}

/**
 * Writes the same headers on an answer that Fastify gives before any hook runs (a URL it
 * cannot decode), where @fastify/helmet never sees the request.
 */
export function securityHeaderWriter(
  options: FastifyHelmetOptions,
): (request: FastifyRequest, reply: FastifyReply) => void {
  // The same options; helmet's ESM and CommonJS typings merely name their types apart.
  const middleware = helmet(options as Parameters<typeof helmet>[0]);
  return (request, reply) => {
    middleware(request.raw, reply.raw, () => {});
  };
}
