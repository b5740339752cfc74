import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong ETag of a serialised answer. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Sends a JSON body with its ETag, or 304 with no body when the client already holds it
 * (If-None-Match). Private: the answers are for signed-in users only.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  etag: string,
): FastifyReply {
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  const held = request.headers['if-none-match'];
  if (held?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return reply.status(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Serialised answers with their ETags, kept per key while their version holds; the least
 * recently used go first once the bodies pass `maxBytes`.
 */
export class EtagCache {
  private readonly entries = new Map<string, { version: string; body: string; etag: string }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  async get(
    key: string,
    version: string,
    load: () => Promise<unknown>,
  ): Promise<{ body: string; etag: string }> {
    const entry = this.entries.get(key);
    if (entry && entry.version === version) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry;
    }
    const body = JSON.stringify(await load());
    const fresh = { version, body, etag: etagOf(body) };
    const replaced = this.entries.get(key);
    if (replaced) {
      this.bytes -= replaced.body.length;
      this.entries.delete(key);
    }
    this.entries.set(key, fresh);
    this.bytes += body.length;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.entries.delete(oldest);
      this.bytes -= entry.body.length;
    }
    return fresh;
  }
}
