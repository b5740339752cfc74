import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../test/test-app.ts';
import { serverRoot } from '../package-root.ts';

/**
 * ops/nginx/nginx.conf caps request bodies at the app's own limits: each figure nginx sets
 * (for every route, and for the routes with a location of their own) is the largest body the
 * app reads there, and one byte more is refused by the app too.
 */
const config = readFileSync(join(serverRoot, '..', '..', 'ops', 'nginx', 'nginx.conf'), 'utf8');

const bytes = (size: string): number => {
  const match = /^(\d+)([kKmM]?)$/.exec(size);
  if (!match) throw new Error(`Not a size nginx reads: ${size}`);
  const unit = { '': 1, k: 1024, m: 1024 * 1024 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Number(match[1]) * unit;
};

/** `client_max_body_size` of the http block, and of each `location ~ <regex>` that sets one. */
function bodyLimits(): { general: number; routes: { pattern: RegExp; limit: number }[] } {
  const general = /^ {4}client_max_body_size (\S+);/m.exec(config)?.[1];
  if (!general) throw new Error('nginx.conf sets no general client_max_body_size');
  const routes = [...config.matchAll(/location ~ (\S+) \{\s*client_max_body_size (\S+);/g)].map(
    (match) => ({ pattern: new RegExp(match[1]!), limit: bytes(match[2]!) }),
  );
  return { general: bytes(general), routes };
}

let testApp: TestApp;
let user: SignedUpUser;

beforeAll(async () => {
  testApp = await createTestApp();
  user = await signUpUser(testApp.app);
});
afterAll(() => testApp.close());

/** The status the app answers a JSON body of `size` bytes posted to `url` with. */
async function statusFor(url: string, size: number): Promise<number> {
  const body = `{"x":"${'a'.repeat(size - 8)}"}`;
  expect(body).toHaveLength(size);
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    headers: { cookie: user.cookie, origin: testOrigin, 'content-type': 'application/json' },
    payload: body,
  });
  return response.statusCode;
}

it("sets nginx's general body limit to the app's", async () => {
  const { general } = bodyLimits();
  expect(general).toBe(testApp.app.initialConfig.bodyLimit);
  expect(await statusFor('/api/portfolios', general)).not.toBe(413);
  expect(await statusFor('/api/portfolios', general + 1)).toBe(413);
});

it("sets the body limits of the routes that take more to the app's", async () => {
  const { routes } = bodyLimits();
  const urls = [
    '/api/portfolios/00000000-0000-4000-8000-000000000000/imports',
    '/api/portfolios/00000000-0000-4000-8000-000000000000/imports/preview',
    '/api/support/requests',
    '/api/support/requests/00000000-0000-4000-8000-000000000000/messages',
  ];
  for (const url of urls) {
    const route = routes.find(({ pattern }) => pattern.test(url));
    expect(route, url).toBeDefined();
    const limit = route?.limit ?? 0;
    expect(await statusFor(url, limit), url).not.toBe(413);
    expect(await statusFor(url, limit + 1), url).toBe(413);
  }
});
