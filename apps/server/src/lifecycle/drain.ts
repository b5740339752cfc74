import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { stopBudget } from './stop-budget.ts';

/**
 * A graceful stop of one instance behind a load balancer (docs/ARCHITECTURE.md, "Restarts"),
 * what `main.ts` does on SIGTERM before it closes the app:
 *
 * 1. The listening socket closes: new connections are refused, so the proxy sends every new
 *    request, whatever its method, to another instance (nginx retries a refused connection).
 * 2. Every answer from then on carries `Connection: close`, so a connection the proxy still
 *    holds serves its request and ends.
 * 3. The live streams end with a `retry:` hint (`onStart` listeners): browsers reconnect a
 *    moment later, through the proxy, to another instance, and refetch what they show.
 * 4. Requests in flight finish, for at most `graceMs`; then idle kept-alive connections are
 *    left to their clients for a moment (`lingerMs`) before they are closed.
 *
 * Then `app.close()` stops the periodic work and the job runners (which finish their jobs or
 * put them back: `JobRunner.stop`) and closes what is left. How long each step may take, and
 * why the whole fits Fastify's and the process manager's limits: `stop-budget.ts`.
 */

export class Drain {
  /** True once the instance started to stop: answers close their connection. */
  draining = false;
  private inFlight = 0;
  private readonly starters: (() => void)[] = [];
  private readonly idleWaiters = new Set<() => void>();

  /** Counts the requests of `server`'s connections until their answer ends. */
  track(server: Server): void {
    server.on('request', (_request, response) => {
      this.inFlight += 1;
      response.once('close', () => {
        this.inFlight -= 1;
        if (this.inFlight === 0) for (const waiter of this.idleWaiters) waiter();
      });
    });
  }

  /** Requests begun and not yet answered (live streams included). */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Called once, when draining starts (live streams end themselves with it). */
  onStart(listener: () => void): void {
    this.starters.push(listener);
  }

  /** Starts draining; resolves once no request is in flight, or after `graceMs`. */
  async start(graceMs: number): Promise<boolean> {
    if (!this.draining) {
      this.draining = true;
      for (const starter of this.starters) starter();
    }
    if (this.inFlight === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    let waiter: (() => void) | undefined;
    const drained = await Promise.race([
      new Promise<true>((resolve) => {
        waiter = () => resolve(true);
        this.idleWaiters.add(waiter);
      }),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    if (waiter) this.idleWaiters.delete(waiter);
    return drained;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's graceful stop (`shutDown`); modules end their streams with it. */
    drain: Drain;
  }
}

/** Gives the app its `drain`: counts requests, and closes connections once draining. */
export function registerDrain(app: FastifyInstance): Drain {
  const drain = new Drain();
  drain.track(app.server);
  app.decorate('drain', drain);
  // A callback hook: it runs for every answer, and an async one costs each a promise.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  return drain;
}

async function connections(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((_error, count) => resolve(count ?? 0)));
}

/**
 * Stops the instance gracefully: stops accepting, drains (see `Drain`) for at most `graceMs`,
 * then closes the app. Requests still running after the grace are cut by the close.
 *
 * `lingerMs`: how long a drained instance leaves its idle kept-alive connections to their
 * clients before closing them. A proxy that still holds one sends its next request on it
 * (answered, then closed) or, once it counted the refused connections, none; closing it at
 * once could meet a request on its way, which the proxy may not retry (a POST).
 */
export async function shutDown(
  app: FastifyInstance,
  {
    graceMs = stopBudget.requestsMs,
    lingerMs = stopBudget.idleLingerMs,
  }: { graceMs?: number; lingerMs?: number } = {},
): Promise<void> {
  const server = app.server;
  // net.Server's close stops listening and nothing else; http.Server's would also close the
  // idle connections at once, one of which a proxy may be sending a request on right now.
  if (server.listening) NetServer.prototype.close.call(server);
  const drained = await app.drain.start(graceMs);
  if (!drained) {
    app.log.warn(
      { requests: app.drain.requestsInFlight },
      'Closing with requests still in flight after the grace',
    );
  }
  const lingerUntil = performance.now() + lingerMs;
  while ((await connections(server)) > 0 && performance.now() < lingerUntil) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  server.closeIdleConnections();
  await app.close();
}

/**
 * What `main.ts` does on SIGTERM: `shutDown`, bounded by the whole stop's budget. Resolves to
 * the exit code: 0 once the app closed; 1 when the close failed (logged) or the budget ran out
 * with something still holding it (logged: the process exits anyway, before the process
 * manager's SIGKILL).
 */
export async function stopGracefully(
  app: FastifyInstance,
  budgetMs: number = stopBudget.totalMs,
): Promise<0 | 1> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    shutDown(app).then(
      () => 0 as const,
      (error: unknown) => {
        app.log.error({ err: error }, 'Closing failed');
        return 1 as const;
      },
    ),
    // Not unref'd: a close stuck on a promise nothing will settle ends here, said, not by the
    // event loop running dry.
    new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), budgetMs);
    }),
  ]);
  clearTimeout(timer);
  if (outcome === 'late') {
    app.log.error({ budgetMs }, 'Stopping took longer than its budget; exiting anyway');
    return 1;
  }
  app.log.info({ ms: Math.round(performance.now() - started) }, 'stopped');
  return outcome;
}
