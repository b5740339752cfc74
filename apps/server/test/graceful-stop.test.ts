import { request } from 'node:http';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { jobs, portfolios } from '../src/db/schema/index.ts';
import { shutDown, stopGracefully } from '../src/lifecycle/drain.ts';
import { closeHookLimitMs, stopBudget } from '../src/lifecycle/stop-budget.ts';
import { JobQueue } from '../src/modules/jobs/job-queue.ts';
import { JobRunner } from '../src/modules/jobs/job-runner.ts';
import { openEventStream } from './event-stream.ts';
import { createTestApp, injectAs, signUpUser, testOrigin } from './test-app.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Still waiting for ${what}`);
    await sleep(5);
  }
}

/** Whether a new TCP connection to `port` on 127.0.0.1 is refused. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

it('on SIGTERM stops accepting, finishes the request in flight, ends live streams with a retry hint and puts back the job it could not finish', async () => {
  let finished = false;
  let jobStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    jobStarted = resolve;
  });
  const testApp = await createTestApp({
    // A job runner as the modules start theirs, with a job that outlives the grace.
    extend: async (app) => {
      const queue = new JobQueue(app.database.db);
      await queue.enqueue('drain.long', 'one');
      const runner = new JobRunner({
        queue,
        handlers: {
          // Still running a second after the stop began: longer than the runner's grace.
          'drain.long': async () => {
            jobStarted();
            await until(() => app.drain.draining || finished, 'the stop', 90_000);
            await sleep(1_000);
            return { done: true };
          },
        },
        log: app.log,
        pollMs: 60_000,
        stopGraceMs: 100,
      });
      app.addHook('onReady', async () => runner.start(app.scheduler));
    },
  });
  const { app, db } = testApp;
  let stopping: Promise<void> | undefined;
  try {
    const user = await signUpUser(app);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const port = Number(new URL(url).port);
    const stream = await openEventStream(`${url}/api/events`, user.cookie);
    expect(stream.status).toBe(200);
    expect(stream.retries).toEqual([2000]);

    // A portfolio write in flight: its body is still arriving when the stop begins.
    const body = JSON.stringify({ name: 'Written while stopping' });
    let sendRest: () => void = () => {};
    const answer = new Promise<{ status: number; connection: string | undefined }>(
      (resolve, reject) => {
        const req = request(`${url}/api/portfolios`, {
          method: 'POST',
          agent: false,
          headers: {
            cookie: user.cookie,
            origin: testOrigin,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
          },
        });
        req.on('response', (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }),
          );
        });
        req.on('error', reject);
        req.write(body.slice(0, 5));
        sendRest = () => req.end(body.slice(5));
      },
    );
    await until(() => app.drain.requestsInFlight === 2, 'the write to be in flight');
    await started;

    stopping = shutDown(app, { graceMs: 5_000 });
    // Nothing new gets in: the proxy sends it to another instance.
    expect(await refused(port)).toBe(true);
    // The live stream ends at once with its hint to reconnect soon (elsewhere).
    await stream.ended;
    const hint = stream.retries.at(-1) ?? 0;
    expect(stream.retries).toHaveLength(2);
    expect(hint).toBeGreaterThanOrEqual(250);
    expect(hint).toBeLessThan(1_000);
    expect(stream.comments).toContain('reconnect');

    // The write in flight is served, on a connection that then closes.
    sendRest();
    expect(await answer).toEqual({ status: 201, connection: 'close' });
    await stopping;

    // The job the instance could not finish is back in the queue, due now, for another one.
    const [job] = await db.database.db.select().from(jobs).where(eq(jobs.name, 'drain.long'));
    expect(job).toMatchObject({ state: 'queued', lockedBy: null, lockedUntil: null });
    const other = new JobQueue(db.database.db);
    expect(await other.take(['drain.long'])).toMatchObject({ key: 'one', attempts: 2 });
    // And the write answered during the stop was kept.
    const written = await db.database.db
      .select({ name: portfolios.name })
      .from(portfolios)
      .where(eq(portfolios.userId, user.id));
    expect(written).toContainEqual({ name: 'Written while stopping' });
  } finally {
    finished = true;
    await (stopping ?? app.close()).catch(() => {});
    await db.destroy();
  }
}, 90_000);

it('answers a live stream asked of a stopping instance with only the hint to reconnect', async () => {
  const testApp = await createTestApp();
  try {
    const { app } = testApp;
    const user = await signUpUser(app);
    app.drain.draining = true;
    const response = await injectAs(app, user, 'GET', '/api/events');
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^retry: \d+\n: reconnect\n\n$/);
  } finally {
    await testApp.close();
  }
});

it("Fastify's limit on a close hook is its pluginTimeout, on each preClose hook and no onClose hook", async () => {
  const limited = Fastify({ pluginTimeout: 100 });
  limited.addHook('preClose', () => sleep(300));
  await limited.ready();
  await expect(limited.close()).rejects.toMatchObject({ code: 'AVV_ERR_READY_TIMEOUT' });

  const unlimited = Fastify({ pluginTimeout: 100 });
  unlimited.addHook('onClose', () => sleep(300));
  await unlimited.ready();
  await expect(unlimited.close()).resolves.toBeUndefined();

  // The stop's waits in a preClose hook end well before the app's limit.
  expect(stopBudget.passesMs).toBeLessThanOrEqual(closeHookLimitMs - 3_000);
});

it('stops with a request, a pass and a job that never end: closed within the budget, exit code 0, the job put back', async () => {
  let release: () => void = () => {};
  const never = new Promise<void>((resolve) => {
    release = resolve;
  });
  let jobStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    jobStarted = resolve;
  });
  let passStarted = false;
  const testApp = await createTestApp({
    extend: async (app) => {
      app.get('/api/test/stuck', { config: { access: 'public' } }, async () => {
        await never;
        return { late: true };
      });
      // A periodic pass stuck past every wait (the screener's refresh on a slow database).
      app.scheduler.every(
        'stuck pass',
        60_000,
        async () => {
          passStarted = true;
          await never;
        },
        { runAtStart: true },
      );
      const queue = new JobQueue(app.database.db);
      await queue.enqueue('stop.stuck', 'one');
      const runner = new JobRunner({
        queue,
        handlers: {
          'stop.stuck': async () => {
            jobStarted();
            await never;
            return { done: true };
          },
        },
        log: app.log,
        pollMs: 60_000,
      });
      app.addHook('onReady', async () => runner.start(app.scheduler));
    },
  });
  const { app, db } = testApp;
  let stopping: Promise<number> | undefined;
  try {
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const answer = new Promise<string>((resolve) => {
      const req = request(`${url}/api/test/stuck`, { agent: false }, (response) => {
        response.resume();
        response.on('end', () => resolve(`answered ${response.statusCode}`));
      });
      req.on('error', (error) => resolve(`cut: ${error.message}`));
      req.end();
    });
    await until(() => app.drain.requestsInFlight === 1, 'the request to be in flight');
    await started;
    expect(passStarted).toBe(true);

    const begun = performance.now();
    stopping = stopGracefully(app);
    expect(await stopping).toBe(0);
    const took = performance.now() - begun;
    // The request had its whole grace, the scheduler its wait, and no more than the budget.
    expect(took).toBeGreaterThanOrEqual(stopBudget.requestsMs + stopBudget.passesMs - 50);
    expect(took).toBeLessThan(stopBudget.totalMs);
    expect(await answer).toMatch(/^cut/);

    const [job] = await db.database.db.select().from(jobs).where(eq(jobs.name, 'stop.stuck'));
    expect(job).toMatchObject({ state: 'queued', lockedBy: null });
  } finally {
    release();
    await (stopping ?? app.close()).catch(() => {});
    // The job's late outcome, which records nothing, before the database goes.
    await sleep(200);
    await db.destroy();
  }
}, 60_000);
