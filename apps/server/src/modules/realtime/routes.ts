import type { ServerResponse } from 'node:http';
import { type LiveEvent, liveStreamQuerySchema } from '@tickerwise/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import { parseInput } from '../../http/errors.ts';
import { eventFrame, openEventStream } from '../../http/event-stream.ts';
import type { Auth } from '../auth/auth.ts';
import { requireSession, sessionClockOf } from '../auth/guard.ts';
import { listenForSessionEnds } from '../auth/session-ends.ts';
import { ChangeBus } from './change-bus.ts';
import type { LivePrices } from './live-prices.ts';
import { StreamCaps, type StreamLimitSettings } from './stream-caps.ts';

/** A comment line every 30 s keeps proxies from closing an idle stream. */
export const heartbeatIntervalMs = 30_000;
/** How long a browser waits before reconnecting a dropped stream (EventSource `retry`). */
const reconnectDelayMs = 2_000;

/**
 * When the instance stops (lifecycle/drain.ts), each stream ends with a `retry:` of
 * 250-1,000 ms: the browser reconnects soon, through the proxy, to another instance, and the
 * reconnections of all the streams spread over that time instead of arriving at once.
 */
function movingOnFrame(random = Math.random()): string {
  return `retry: ${250 + Math.floor(random * 750)}\n: reconnect\n\n`;
}

export interface RealtimeOptions {
  auth: Auth;
  database: Database;
  limits: StreamLimitSettings;
  heartbeatMs?: number;
  /** Live prices for the tabs of real-time plans; each stream announces its id for them. */
  live?: LivePrices;
  /**
   * The change bus the streams hear, when modules deliver some topics through it themselves
   * (`ChangeBus.route`); a bus of its own otherwise. Started and stopped here.
   */
  bus?: ChangeBus;
}

/** A tab that reads its stream this far behind is dropped (its browser reconnects). */
const maxUnreadBytes = 1024 * 1024;

/** setTimeout's longest delay (about 24.8 days); a session ending later is re-checked then. */
const longestTimerMs = 2 ** 31 - 1;

function frame(event: LiveEvent): string {
  return eventFrame(event);
}

/**
 * `GET /api/events`: a Server-Sent Events stream for the signed-in user. It carries "this
 * changed, refetch it" events for them or for everyone (never the data itself), and, for a
 * real-time plan, the live prices of the symbols its tab shows (`live-prices.ts`). A stream
 * lives no longer than its session: it ends when the session ends (on any instance) or
 * expires, and the browser's reconnection then finds out whether it still has one.
 */
export const realtimeRoutes: FastifyPluginAsync<RealtimeOptions> = async (
  app,
  { auth, database, limits, heartbeatMs = heartbeatIntervalMs, live, bus: given },
) => {
  const bus =
    given ??
    new ChangeBus(database, (payload) =>
      app.log.warn({ payload }, 'ignored a malformed change announcement'),
    );
  await bus.start();
  const streams = new Set<ServerResponse>();
  const streamsBySession = new Map<string, Set<ServerResponse>>();
  const caps = new StreamCaps(limits);
  const stopListening = await listenForSessionEnds(database, {
    ended: (key) => {
      for (const stream of streamsBySession.get(key) ?? []) stream.end();
    },
    // The change bus tells every stream to resync; a stream whose session ended meanwhile
    // learns it at its session's expiry or the next reconnection.
    missed: () => {},
  });
  const heartbeat = app.scheduler.every('stream heartbeat', heartbeatMs, () => {
    for (const stream of streams) stream.write(': heartbeat\n\n');
  });

  // A graceful stop: every stream ends with its hint to reconnect (to another instance).
  app.drain.onStart(() => {
    heartbeat.stop();
    for (const stream of streams) stream.end(movingOnFrame());
  });
  // Open streams would keep app.close() waiting: end them first.
  app.addHook('preClose', async () => {
    heartbeat.stop();
    for (const stream of streams) stream.end();
    await stopListening();
    await bus.stop();
  });

  app.get(
    '/api/events',
    // A HEAD would hold the connection open with nothing ever to send.
    { config: { access: 'user' }, exposeHeadRoute: false },
    async (request, reply) => {
      const session = await requireSession(auth, request);
      const { readsAgoMs } = parseInput(liveStreamQuerySchema, request.query);
      if (app.drain.draining) {
        // A connection the proxy still held reached a stopping instance: straight elsewhere.
        openEventStream(reply).end(movingOnFrame());
        return;
      }
      const giveBack = caps.take(session.user.id, request.ip);
      const stream = openEventStream(reply, { retryMs: reconnectDelayMs });
      const liveId = live?.open(session.user.id, {
        write: (text) => {
          if (stream.writableLength > maxUnreadBytes) stream.end();
          else stream.write(text);
        },
      });
      // With what changed for this user just before: a tab's first stream refetches only that.
      if (liveId) {
        const recent = bus.recentTopics(session.user.id, readsAgoMs);
        stream.write(frame({ type: 'hello', streamId: liveId, recent }));
      }
      const unsubscribe = bus.subscribe(session.user.id, (text) => {
        if (stream.writableEnded) return;
        if (stream.writableLength > maxUnreadBytes) stream.end();
        else stream.write(text);
      });
      streams.add(stream);
      let sameSession = streamsBySession.get(session.key);
      if (!sameSession) {
        sameSession = new Set();
        streamsBySession.set(session.key, sameSession);
      }
      sameSession.add(stream);
      // This stream's own timer, cleared when it ends: not periodic work of the instance.
      const expiry = setTimeout(
        () => stream.end(),
        Math.min(Math.max(0, session.expiresAt - sessionClockOf(auth)().getTime()), longestTimerMs),
      );
      expiry.unref();
      const end = () => {
        if (liveId) live?.close(liveId);
        clearTimeout(expiry);
        unsubscribe();
        giveBack();
        streams.delete(stream);
        const current = streamsBySession.get(session.key);
        current?.delete(stream);
        if (current?.size === 0) streamsBySession.delete(session.key);
      };
      stream.once('close', end);
      stream.once('error', end);
    },
  );
};
