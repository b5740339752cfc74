import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing API calls that a browser sent from another site (defence in depth
 * beside SameSite=Lax cookies). Requests without an Origin (command-line tools, webhooks
 * from a server) pass. better-auth checks its own routes.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  // A callback hook: an async one costs every request a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const origin = request.headers.origin;
    const refused =
      unsafeMethods.has(request.method) &&
      request.url.startsWith('/api/') &&
      !request.url.startsWith('/api/auth/') &&
      origin !== undefined &&
      !allowed.has(origin);
    done(
      refused
        ? new AppError(403, 'forbidden_origin', 'This request came from another site.')
        : undefined,
    );
  });
}
