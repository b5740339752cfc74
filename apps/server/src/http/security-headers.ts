import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** A year, the HSTS lifetime browsers and preload lists expect. */
const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * The security headers of every answer (helmet), from the app's config. Served over https
 * (`PUBLIC_URL`), browsers are told to come back only over https (HSTS, for this host only:
 * other hosts of the domain are not ours to pin) and to fetch sub-resources over https; over
 * plain http (the local quick start) neither, or localhost would be pinned to https. Modules
 * that load outside code (billing: Stripe.js) add their Content-Security-Policy directives.
 */
export function securityHeaderOptions(
  config: Pick<Config, 'publicUrl'>,
  moduleDirectives: Record<string, string[]> = {},
): FastifyHelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        ...moduleDirectives,
      },
    },
    hsts: https ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: false } : false,
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
