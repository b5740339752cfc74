import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
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
): HelmetOptions {
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
 * The headers helmet writes with `options`, worked out once: they are the same on every
 * answer, so a request only copies them (helmet's own middleware, and @fastify/helmet, which
 * builds a new one per request, would parse the policy again each time).
 */
export function securityHeaderList(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
}

/** The security headers on every answer, set before any other hook or handler runs. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaderList(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * Writes the same headers on an answer that Fastify gives before any hook runs (a URL it
 * cannot decode), where the onRequest hook never sees the request.
 */
export function securityHeaderWriter(
  options: HelmetOptions,
): (request: FastifyRequest, reply: FastifyReply) => void {
  const headers = securityHeaderList(options);
  return (_request, reply) => {
    reply.headers(headers);
  };
}
