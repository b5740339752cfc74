import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SharedEncoding } from './shared-json.ts';

// The encodings a kept answer is offered in, in the order of preference the compression
// plugin uses (`app.ts`); `identity` so that a client refusing both gets the plain bytes.
const offered = ['br', 'gzip', 'identity'];

// A browser sends the same Accept-Encoding on every request: its answer is kept.
let lastHeader: string | undefined;
let lastEncoding: SharedEncoding | undefined;

/**
 * The encoding to send an already serialised answer in, negotiated as `@fastify/compress`
 * negotiates (`*` and `x-gzip` read as gzip, q-values honoured, `x-no-compression` obeyed):
 * undefined for the plain bytes.
 */
export function sharedEncodingOf(request: FastifyRequest): SharedEncoding | undefined {
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
 * Marks a reply as carrying a body already in `encoding` (the compression plugin then leaves
 * it as it is), and that its encoding depends on the request's Accept-Encoding.
 */
export function encodedReply(reply: FastifyReply, encoding: SharedEncoding | undefined) {
  if (encoding === undefined) return reply;
  const vary = reply.getHeader('vary');
  return reply
    .header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding')
    .header('content-encoding', encoding);
}
