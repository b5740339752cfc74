import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiRoute } from '../src/http/route-access.ts';
import { insertNotification } from '../src/modules/notifications/service.ts';
import { fillPath, type RawResponse, sendRaw } from './raw-http.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from './test-app.ts';

/**
 * Access control over every `/api` route the app registers (its route table, not a list kept
 * here): a visitor gets 401 wherever a user is required, and another user never reaches a
 * user's resources (404) or sees their data.
 */

/**
 * How to make a resource owned by `owner` for each user route that takes an id. A new route
 * with a parameter fails the test until it is listed here or in `sharedParams`.
 */
type Fixture = (context: {
  testApp: TestApp;
  owner: SignedUpUser;
}) => Promise<Record<string, string>>;
const ownedResources: Record<string, Fixture> = {
  'POST /api/notifications/:id/read': async ({ testApp, owner }) => ({
    id: await insertNotification(testApp.db.database.db, {
      title: 'Only for the owner',
      message: 'A notification addressed to one user.',
      userId: owner.id,
    }),
  }),
};

/** User routes whose parameter names data every user may see, with a value to call them with. */
const sharedParams: Record<string, { why: string; params: Record<string, string> }> = {
  'GET /api/stocks/:symbol': {
    why: 'market data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/history': {
    why: 'market data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
  'GET /api/stocks/:symbol/profile': {
    why: 'company data is the same for everyone',
    params: { symbol: 'AAPL' },
  },
};

const key = (route: ApiRoute) => `${route.method} ${route.url}`;
const hasParams = (route: ApiRoute) => route.url.includes(':');

let testApp: TestApp;
let baseUrl: string;
let owner: SignedUpUser;
let other: SignedUpUser;
/** Text only the owner's answers may contain. */
let ownerMarkers: string[];
let routes: ApiRoute[];

beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await signUpUser(testApp.app, { name: `Owner ${randomBytes(4).toString('hex')}` });
  other = await signUpUser(testApp.app);
  const ownerTitle = `Private note ${randomBytes(4).toString('hex')}`;
  await insertNotification(testApp.db.database.db, {
    title: ownerTitle,
    message: 'Only the owner may read this.',
    userId: owner.id,
  });
  ownerMarkers = [owner.id, owner.email, ownerTitle];
  // HEAD mirrors GET; the wildcard is better-auth's, which checks its own sessions.
  routes = testApp.app.apiRoutes.filter((route) => route.method !== 'HEAD');
});
afterAll(() => testApp.close());

function call(route: ApiRoute, params: Record<string, string>, cookie?: string) {
  const path = fillPath(route.url, params);
  return sendRaw(baseUrl, {
    method: route.method,
    path,
    headers: {
      origin: testOrigin,
      ...(cookie ? { cookie } : {}),
      ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    body: route.method === 'GET' ? undefined : '{}',
  });
}

const anyParams = (route: ApiRoute) =>
  Object.fromEntries([...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => [match[1], 'x']));

describe('access levels', () => {
  it('refuses to start with an /api route that declares no access level', async () => {
    await expect(
      createTestApp({
        extend: (app) => {
          app.get('/api/test/undeclared', async () => ({ open: true }));
        },
      }),
    ).rejects.toThrow(/declares no access level/);
  });

  it('knows every route the app serves, with its access level', () => {
    const table = Object.fromEntries(routes.map((route) => [key(route), route.access]));
    // A few anchors; the checks below run over whatever the table holds.
    expect(table['GET /api/health']).toBe('public');
    expect(table['GET /api/me']).toBe('user');
    expect(table['POST /api/notifications']).toBe('operator');
    expect(routes.length).toBeGreaterThanOrEqual(12);
  });
});

describe('a signed-out client', () => {
  it('gets 401 from every user and operator route', async () => {
    const guarded = routes.filter(
      (route) => route.access === 'user' || route.access === 'operator',
    );
    expect(guarded.length).toBeGreaterThan(0);
    const answers: string[] = [];
    for (const route of guarded) {
      const response = await call(route, anyParams(route));
      if (response.status !== 401) answers.push(`${key(route)} -> ${response.status}`);
    }
    expect(answers).toEqual([]);
  });
});

describe('a second user', () => {
  it('gets 404 for every resource of another user, and the resource is unchanged', async () => {
    const withIds = routes.filter((route) => route.access === 'user' && hasParams(route));
    const uncovered = withIds
      .map(key)
      .filter((name) => !(name in ownedResources) && !(name in sharedParams));
    // A new route that takes an id needs a fixture above, so this test covers it.
    expect(uncovered).toEqual([]);

    for (const route of withIds.filter((candidate) => key(candidate) in ownedResources)) {
      const fixture = ownedResources[key(route)] as Fixture;
      const params = await fixture({ testApp, owner });
      const before = await ownerView();
      const attempt = await call(route, params, other.cookie);
      expect(attempt.status, `${key(route)} as another user`).toBe(404);
      expect(attempt.body).not.toContain(owner.email);
      expect(await ownerView(), `${key(route)} changed the owner's data`).toEqual(before);
      const own = await call(route, params, owner.cookie);
      expect(own.status, `${key(route)} as its owner`).toBeLessThan(300);
    }
  });

  it("never sees another user's data in any answer", async () => {
    const reads = routes.filter(
      (route) => route.access === 'user' && route.method === 'GET' && !hasParams(route),
    );
    const leaks: string[] = [];
    let ownerSeesOwnData = false;
    for (const route of [...reads, ...sharedRoutes()]) {
      const params = sharedParams[key(route)]?.params ?? {};
      const asOther = await call(route, params, other.cookie);
      expect(asOther.status, `${key(route)} as a user`).toBeLessThan(300);
      for (const marker of ownerMarkers) {
        if (asOther.body.includes(marker)) leaks.push(`${key(route)} shows ${marker}`);
      }
      const asOwner = await call(route, params, owner.cookie);
      if (ownerMarkers.some((marker) => asOwner.body.includes(marker))) ownerSeesOwnData = true;
    }
    expect(leaks).toEqual([]);
    // The markers do appear where they should: the check above can fail.
    expect(ownerSeesOwnData).toBe(true);
  });
});

function sharedRoutes(): ApiRoute[] {
  return routes.filter((route) => key(route) in sharedParams);
}

/** Reads that are the same for everyone and change with the market, whoever calls what. */
const movesByItself = new Set(['/api/stocks', '/api/etfs', '/api/quotes']);

/** Every parameterless read of the owner, to tell whether another user's call changed any. */
async function ownerView(): Promise<Record<string, string>> {
  const view: Record<string, string> = {};
  for (const route of routes) {
    if (route.access !== 'user' || route.method !== 'GET' || hasParams(route)) continue;
    if (route.url === '/api/events') continue; // a stream: nothing to compare
    if (movesByItself.has(route.url)) continue;
    const response: RawResponse = await call(route, {}, owner.cookie);
    view[key(route)] = `${response.status} ${response.body}`;
  }
  return view;
}
