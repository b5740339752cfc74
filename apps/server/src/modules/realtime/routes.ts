import type { ServerResponse } from 'node:http';
import type { LiveEvent } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { ChangeBus } from './change-bus.ts';

/** A comment line every 30 s keeps proxies from closing an idle stream (SPEC.md section 9). */
export const heartbeatIntervalMs = 30_000;
/** How long a browser waits before reconnecting a dropped stream (EventSource `retry`). */
const reconnectDelayMs = 2_000;

export interface RealtimeOptions {
  auth: Auth;
  database: Database;
  heartbeatMs?: number;
}

function frame(event: LiveEvent): string {
  return `data: ${JSON.stringify(event)}\n\n`;
}

/**
 * `GET /api/events`: a Server-Sent Events stream for the signed-in user. It carries only
 * "this changed, refetch it" events for them or for everyone, never the data itself.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeOptions> = async (
  app,
  { auth, database, heartbeatMs = heartbeatIntervalMs },
) => {
  const bus = new ChangeBus(database, (payload) =>
    app.log.warn({ payload }, 'ignored a malformed change announcement'),
  );
  await bus.start();
  const streams = new Set<ServerResponse>();
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': heartbeat\n\n');
  }, heartbeatMs);
  heartbeat.unref();

  // Open streams would keep app.close() waiting: end them first.
  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const stream of streams) stream.end();
    await bus.stop();
  });

  app.get('/api/events', async (request, reply) => {
    const user = await requireUser(auth, request);
    reply.hijack();
    const stream = reply.raw;
    stream.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    stream.write(`retry: ${reconnectDelayMs}\n: connected\n\n`);
    const unsubscribe = bus.subscribe(user.id, (event) => stream.write(frame(event)));
    streams.add(stream);
    const end = () => {
      unsubscribe();
      streams.delete(stream);
    };
    stream.once('close', end);
    stream.once('error', end);
  });
};
