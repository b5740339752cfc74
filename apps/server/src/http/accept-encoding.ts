import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BodyEncoding } from './encoded-body.ts';

// The encodings a kept answer is offered in, in the order of preference the compression
// plugin uses (`app.ts`); `identity` so that a client refusing both gets the plain bytes.
const offered = ['br', 'gzip', 'identity'];

// A browser sends the same Accept-Encoding on every request: its answer is kept.
let lastHeader: string | undefined;
let lastEncoding: BodyEncoding | undefined;

/**
 * The encoding to send a kept answer (`EncodedBody`) in, negotiated as `@fastify/compress`
 * negotiates (`*` and `x-gzip` read as gzip, q-values honoured, `x-no-compression` obeyed):
 * undefined for the plain bytes.
 */
export function bodyEncodingOf(request: FastifyRequest): BodyEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  if (header !== lastHeader) {
    const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), offered);
    lastEncoding = chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
    lastHeader = header;
  }
  return lastEncoding;
}

/**
 * Says that the reply's encoding depends on the request's Accept-Encoding, and marks a body
 * already in `encoding` as such (the compression plugin then leaves it as it is).
 */
export function encodedReply(reply: FastifyReply, encoding: BodyEncoding | undefined) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  return encoding === undefined ? reply : reply.header('content-encoding', encoding);
}
