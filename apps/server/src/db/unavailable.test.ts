import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestDatabase,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../test/test-app.ts';
import { DatabaseUnavailableError } from './client.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

/** An error shaped like the ones node-postgres raises for a SQLSTATE. */
function sqlState(code: string, message = 'database error'): Error {
  return Object.assign(new Error(message), { code, severity: 'FATAL' });
}

describe('telling a database outage from a failed query', () => {
  it('recognises lost and refused connections, shutdowns and a closed PGlite', () => {
    const outages = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      sqlState('57P01', 'terminating connection due to administrator command'),
      sqlState('57P03', 'the database system is starting up'),
      sqlState('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('PGlite is closed'),
      new DatabaseUnavailableError('The database is closed'),
    ];
    for (const error of outages) expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('looks through the errors Drizzle, better-auth and AggregateError wrap', () => {
    const cause = sqlState('57P01');
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause }))).toBe(true);
    const nested = new Error('INTERNAL_SERVER_ERROR', { cause: new Error('x', { cause }) });
    expect(isDatabaseUnavailable(nested)).toBe(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused], ''))).toBe(true);
  });

  it('leaves query errors and other services alone', () => {
    expect(isDatabaseUnavailable(sqlState('23505', 'duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(sqlState('42P01', 'relation does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('secret internal detail'))).toBe(false);
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new TypeError('fetch failed', { cause: refused }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('API answers while the database is down', () => {
  let testApp: TestApp;
  let user: SignedUpUser;

  beforeAll(async () => {
    testApp = await createTestApp();
    user = await signUpUser(testApp.app);
    // The session is verified once while the database is up (then served from the memo).
    const me = await testApp.app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(me.statusCode).toBe(200);
    // The sign-up's confirmation email is queued in the background: let it finish first, so
    // the outage begins at a known point rather than in the middle of that write.
    await testApp.app.mail.mailer.settle();
    await testApp.db.takeDown();
  });
  afterAll(() => testApp.close());

  const calls = [
    { method: 'GET', url: '/api/me', signedIn: true },
    { method: 'GET', url: '/api/notifications', signedIn: true },
    { method: 'GET', url: '/api/billing/subscription', signedIn: true },
    { method: 'POST', url: '/api/billing/plan-change', signedIn: true, body: { plan: 'alpha' } },
    { method: 'GET', url: '/api/auth/get-session', signedIn: true },
    { method: 'GET', url: '/api/auth/list-sessions', signedIn: true },
    {
      method: 'POST',
      url: '/api/auth/sign-in/email',
      body: { email: 'nobody@example.com', password: 'correct horse battery' },
    },
    {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      body: {
        name: 'Grace',
        email: 'grace@example.com',
        password: 'correct horse battery',
        plan: 'free',
      },
    },
  ] as const;

  for (const call of calls) {
    it(`answers ${call.method} ${call.url} with 503 database_unavailable and Retry-After`, async () => {
      const response = await testApp.app.inject({
        method: call.method,
        url: call.url,
        headers: {
          origin: testOrigin,
          ...('signedIn' in call ? { cookie: user.cookie } : {}),
        },
        ...('body' in call ? { payload: call.body } : {}),
      });
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().error.code).toBe('database_unavailable');
      expect(response.headers['retry-after']).toBe('5');
    });
  }

  it('tells health checkers when to look again', async () => {
    const response = await testApp.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
  });
});

describe.runIf(process.env.DATABASE_URL)('a PostgreSQL connection lost mid-transaction', () => {
  it('fails the transaction as unavailable instead of crashing the process', async () => {
    const testDatabase = await createTestDatabase();
    const admin = new pg.Client({ connectionString: testDatabase.url });
    await admin.connect();
    try {
      const transaction = testDatabase.database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: { pid: number }[];
        };
        // As `pg_ctl stop -m fast` does to every session: between two queries of this one.
        await admin.query('select pg_terminate_backend($1)', [result.rows[0]?.pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.execute(sql`select 1`);
      });
      const failure = await transaction.catch((error: unknown) => error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await admin.end();
      await testDatabase.destroy();
    }
  });
});
