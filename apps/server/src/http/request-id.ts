import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * An incoming request id worth keeping: nginx's `$request_id` (32 hex digits), a UUID, or any
 * other id of up to 128 letters, digits and `.`, `_`, `:`, `-` (nothing that could break a
 * log line or a header).
 */
const wellFormed = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * Fastify's `genReqId`: the proxy's `X-Request-Id` when it is well formed, so one id follows a
 * request from nginx's log through every line the server logs for it; otherwise a new UUID.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && wellFormed.test(given) ? given : randomUUID();
}

/** Every answer names its request id, so a user's report or a proxy's log leads to its lines. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
