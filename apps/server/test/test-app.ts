import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SubscriptionTier } from '@tickerwise/shared';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../src/app.ts';
import type { Clock } from '../src/clock.ts';
import { type Config, defaultLimits, defaultModelConcurrency } from '../src/config.ts';
import { type Database, type OpenDatabaseOptions, openDatabase } from '../src/db/client.ts';
import { setTier } from '../src/modules/profiles/service.ts';
import { withDatabase } from './database-url.ts';
import { errorLogDestination } from './error-logs.ts';
import { testLearnContent } from './learn-content.ts';

export interface TestDatabase {
  database: Database;
  /** PostgreSQL: its URL, for opening more connections (another instance); PGlite: undefined. */
  url: string | undefined;
  /** Makes the database unreachable, as if its server stopped. */
  takeDown(): Promise<void>;
  destroy(): Promise<void>;
}

let snapshotBlob: { path: string; blob: Blob } | undefined;

/**
 * The run's migrated PGlite dump (global-setup.ts), read once per worker process: the files a
 * worker runs one after another (ADR 45) each load their database from the same bytes.
 */
function migratedSnapshot(): Blob {
  const path = inject('pgliteSnapshot');
  if (snapshotBlob?.path !== path) snapshotBlob = { path, blob: new Blob([readFileSync(path)]) };
  return snapshotBlob.blob;
}

/**
 * A fresh, migrated database for one test file: PGlite loaded from the run's snapshot, or,
 * with DATABASE_URL, a PostgreSQL database copied from the run's template.
 */
export async function createTestDatabase(
  options: { onQuery?: OpenDatabaseOptions['onQuery'] } = {},
): Promise<TestDatabase> {
  const template = inject('postgresTemplate');
  const adminUrl = process.env.DATABASE_URL;
  if (!template || !adminUrl) {
    const database = await openDatabase({
      snapshot: migratedSnapshot(),
      migrate: false,
      onQuery: options.onQuery,
    });
    return {
      database,
      url: undefined,
      takeDown: () => database.close(),
      destroy: () => database.close(),
    };
  }
  const name = `tw_test_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({
    databaseUrl: url,
    migrate: false,
    onQuery: options.onQuery,
  });
  let dropped = false;
  const drop = async () => {
    if (dropped) return;
    dropped = true;
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return {
    database,
    url,
    takeDown: drop,
    async destroy() {
      await database.close().catch(() => {});
      await drop();
    },
  };
}

/** The origin tests send: better-auth refuses a state-changing request from any other. */
export const testOrigin = 'http://127.0.0.1:3000';

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    dataDir: '',
    databaseUrl: undefined,
    logLevel: 'silent',
    webDistDir: undefined,
    publicUrl: testOrigin,
    trustedOrigins: [],
    authSecret: 'test-secret-that-is-long-enough-for-better-auth',
    // Tests stand in for a proxy that tells the client address, so each test user gets its own.
    trustProxy: true,
    market: { provider: 'simulated' },
    // Tests that need the background jobs turn them on (jobs run on a timer otherwise).
    backgroundJobs: false,
    billing: { provider: 'test' },
    limits: defaultLimits,
    analyst: { model: null, timeoutMs: 5_000, ...defaultModelConcurrency },
    // Tests that read email point this at a local SMTP server (`test/smtp-inbox.ts`).
    mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'Tickerwise <no-reply@127.0.0.1>' },
    ...overrides,
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

export interface TestAppOptions {
  config?: Partial<Config>;
  /** Registers extra routes before the app is ready (to reach failures no real route has). */
  extend?: (app: FastifyInstance) => Promise<void> | void;
  /** The app's time (see `testClock`); the system's by default. */
  clock?: Clock;
  /** Told each statement the app sends to its database, with its parameters (to count them). */
  onQuery?: OpenDatabaseOptions['onQuery'];
}

/**
 * What every test app is built with: its error-level log lines go to `error-logs.ts`, and it
 * renders email in-process (a render worker's start from source takes seconds per app; the
 * workers' own tests, `render-pool.test.ts`, give an app one).
 */
export function testDeps(deps: AppDeps): AppDeps {
  return {
    learnContent: testLearnContent(),
    emailRenderWorker: null,
    ...deps,
    errorLog: errorLogDestination,
  };
}

/** The whole app, built in-process on a fresh database. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await createTestDatabase(options.onQuery ? { onQuery: options.onQuery } : {});
  const app = await buildApp(
    testConfig(options.config),
    testDeps({ database: db.database, ...(options.clock ? { clock: options.clock } : {}) }),
  );
  await options.extend?.(app);
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.destroy();
    },
  };
}

/** A request from a signed-in user, with the origin a browser sends (`app.inject`). */
export function injectAs(
  app: FastifyInstance,
  user: { cookie: string },
  method: string,
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { cookie: user.cookie, origin: testOrigin },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

export interface SecondInstance {
  app: FastifyInstance;
  /** Where it listens (127.0.0.1, a free port). */
  url: string;
  close(): Promise<void>;
}

/**
 * A second instance of the app on `first`'s database, listening, as behind a load balancer:
 * with DATABASE_URL its own PostgreSQL pool and change-bus listener; on PGlite, the same database.
 * `config`: what differs from the test config (a new AUTH_SECRET, the same fake provider);
 * `clock`: the app's time, as the first one's (`testClock`).
 */
export async function startSecondInstance(
  first: TestApp,
  config: Partial<Config> = {},
  options: { clock?: Clock } = {},
): Promise<SecondInstance> {
  const database = first.db.url
    ? await openDatabase({ databaseUrl: first.db.url, migrate: false })
    : first.db.database;
  const app = await buildApp(
    testConfig(config),
    testDeps({ database, ...(options.clock ? { clock: options.clock } : {}) }),
  );
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url,
    async close() {
      await app.close();
      if (database !== first.db.database) await database.close();
    },
  };
}

export interface SignedUpUser {
  id: string;
  email: string;
  password: string;
  /** `Cookie` header value carrying the session. */
  cookie: string;
  /** `Cookie` header value carrying the device cookie the sign-up set (sign-in paths only). */
  deviceCookie: string;
}

let userCounter = 0;

const setCookieLines = (setCookie: string | string[] | undefined): string[] =>
  Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];

const pathOf = (line: string) => /;\s*path=([^;]*)/i.exec(line)?.[1]?.trim() ?? '/';

/**
 * Cookie header from a response's Set-Cookie values: the cookies a browser sends to every
 * route (`Path=/`), as the session cookie is. The device cookie lives under the auth paths
 * only: see `deviceCookieFrom`.
 */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  return setCookieLines(setCookie)
    .filter((line) => pathOf(line) === '/')
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** Cookie header carrying the device cookie (Path=/api/auth) of a response, or ''. */
export function deviceCookieFrom(setCookie: string | string[] | undefined): string {
  return setCookieLines(setCookie)
    .filter((line) => pathOf(line) === '/api/auth')
    .map((value) => value.split(';')[0])
    .join('; ');
}

/** Signs a new user up through the real API and returns their session cookie. */
export async function signUpUser(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string; plan?: string } = {},
): Promise<SignedUpUser> {
  userCounter += 1;
  const email =
    input.email ?? `investor${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const password = input.password ?? 'correct horse battery';
  const plan = input.plan ?? 'free';
  // Alpha Tester is by invitation: a code made as the operator makes them (`npm run invite`).
  const invitationCode =
    plan === 'alpha' ? (await app.invitations.create({ count: 1 })).codes[0] : undefined;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: testOrigin, 'x-forwarded-for': `198.51.100.${userCounter % 250}` },
    payload: { name: input.name ?? 'Ada Investor', email, password, plan, invitationCode },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  }
  return {
    id: response.json().user.id,
    email,
    password,
    cookie: cookieFrom(response.headers['set-cookie']),
    deviceCookie: deviceCookieFrom(response.headers['set-cookie']),
  };
}

/** Signs an existing user in again (another device): its new session cookie. */
export async function signInUser(
  app: FastifyInstance,
  user: { email: string; password: string },
  userAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
): Promise<string> {
  userCounter += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: {
      origin: testOrigin,
      'user-agent': userAgent,
      'x-forwarded-for': `203.0.113.${userCounter % 250}`,
    },
    payload: { email: user.email, password: user.password },
  });
  if (response.statusCode !== 200) {
    throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  }
  return cookieFrom(response.headers['set-cookie']);
}

/**
 * Runs `action` and returns its result once this app has heard the database announce, on
 * `channel`, a payload that `matches` accepts (any, unless given; it is shown the action's
 * result too, so an announcement can be matched to the row the action made). Announcements are
 * sent when a transaction commits and, on PostgreSQL, can arrive after the statement has
 * returned. This listener is added after the app's own (and after those of any other instance
 * on the same database), which are called first, in order: once it hears, the app has acted on
 * the announcement.
 */
export async function untilAnnounced<T>(
  testApp: TestApp,
  channel: string,
  action: () => Promise<T>,
  matches: (payload: string, result: T) => boolean = () => true,
): Promise<T> {
  const early: string[] = [];
  let check: (payload: string) => void = (payload) => early.push(payload);
  const unlisten = await testApp.db.database.listen(channel, (payload) => check(payload));
  let timer: NodeJS.Timeout | undefined;
  try {
    const result = await action();
    await new Promise<void>((resolve, reject) => {
      check = (payload) => {
        if (matches(payload, result)) resolve();
      };
      for (const payload of early) check(payload);
      timer = setTimeout(
        () => reject(new Error(`No matching announcement on ${channel} within 5 s`)),
        5_000,
      );
    });
    return result;
  } finally {
    clearTimeout(timer);
    await unlisten();
  }
}

/**
 * Sets a user's plan straight in the database, as billing does, and returns once this app has
 * heard the database announce the change (`api_access_changed`): until then the instance may
 * still answer from the plan it remembered.
 */
export function setTierHeard(
  testApp: TestApp,
  userId: string,
  tier: SubscriptionTier,
): Promise<void> {
  return untilAnnounced(
    testApp,
    'api_access_changed',
    () => setTier(testApp.db.database.db, userId, tier),
    (id) => id === userId,
  );
}
