import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyEncodingOf, encodedReply } from './accept-encoding.ts';
import { type BodyEncoding, EncodedBody } from './encoded-body.ts';

/** A strong ETag of a serialised answer. */
export function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * The ETag of the answer in `encoding`: a strong validator names one representation, and the
 * brotli and gzip bytes differ from the plain ones (`"…-br"`, as Apache marks them).
 */
export function etagIn(etag: string, encoding: BodyEncoding | undefined): string {
  return encoding === undefined ? etag : `${etag.slice(0, -1)}-${encoding}"`;
}

/** Whether If-None-Match names the answer of `etag` in any of its encodings. */
function held(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const names = new Set([etag, etagIn(etag, 'br'), etagIn(etag, 'gzip')]);
  return ifNoneMatch.split(',').some((tag) => names.has(tag.trim().replace(/^W\//, '')));
}

/**
 * Sends a kept JSON answer with its ETag, in the encoding the client accepts, or 304 with no
 * body when the client already holds it (If-None-Match). Private: the answers are for
 * signed-in users only.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  { body, etag }: { body: EncodedBody; etag: string },
): FastifyReply {
  const encoding = bodyEncodingOf(request);
  reply.header('etag', etagIn(etag, encoding)).header('cache-control', 'private, no-cache');
  if (held(request.headers['if-none-match'], etag)) {
    return encodedReply(reply, undefined).status(304).send();
  }
  return encodedReply(reply, encoding)
    .type('application/json; charset=utf-8')
    .send(body.in(encoding));
}

interface Entry {
  version: string;
  body: EncodedBody;
  etag: string;
}

/**
 * Serialised answers with their ETags, kept per key while their version holds; the least
 * recently used go first once the plain bodies pass `maxBytes` (their brotli and gzip forms,
 * made when first asked for, add a fifth to a third more for JSON).
 */
export class EtagCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  async get(key: string, version: string, load: () => Promise<unknown>): Promise<Entry> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    const body = EncodedBody.json(await load());
    const fresh = { version, body, etag: etagOf(body.plain) };
    const replaced = this.entries.get(key);
    if (replaced) {
      this.bytes -= replaced.body.plain.length;
      this.entries.delete(key);
    }
    this.entries.set(key, fresh);
    this.bytes += body.plain.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.plain.length;
    }
    return fresh;
  }
}
