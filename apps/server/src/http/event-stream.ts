import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Server-Sent Events on a hijacked reply, the one place their headers and frames are written
 * (`/api/events` and the analyst's streamed answers). Compression stays off this type, and
 * `x-accel-buffering` keeps nginx and similar proxies from holding the text back.
 * With `retryMs`, the stream opens by telling the browser how long to wait before reconnecting.
 */
export function openEventStream(
  reply: FastifyReply,
  options: { retryMs?: number } = {},
): ServerResponse {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': reply.request.id,
  });
  reply.server.metrics.streamOpened(reply.request, raw);
  if (options.retryMs !== undefined) raw.write(`retry: ${options.retryMs}\n: connected\n\n`);
  return raw;
}

/** One event: its name when it has one, then its data as one line of JSON. */
export function eventFrame(data: unknown, event?: string): string {
  return `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}
