import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import type { Me, SubscriptionTier } from '@tickerwise/shared';
import { inviteCodes, repositoryRoot } from '@tickerwise/testkit';
import { setSimulatedPrice } from './simulated-price.ts';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

export interface SignUpOptions {
  name?: string;
  plan?: SubscriptionTier;
}

interface ConsoleErrors {
  /**
   * Lets errors the browser logs that match `pattern` pass in this test (a request the test
   * makes fail on purpose: the browser logs every 4xx answer as an error). `reason` says why.
   */
  allow(pattern: RegExp, reason: string): void;
}

interface Fixtures {
  /** Fails the test when any of its pages logs an error or throws (see `allow`). */
  consoleErrors: ConsoleErrors;
  /** Creates an account through the API; the page's context is then signed in as it. */
  signUp: (options?: SignUpOptions) => Promise<TestAccount & { me: Me }>;
  /** A page signed in as a new Free account. */
  signedInPage: Page;
  /**
   * Moves a symbol's simulated price (`setSimulatedPrice`) for this test only: each symbol it
   * moved goes back to the simulation when the test ends. Tests of one file run at the same
   * time in both workers, so a test hands back only what it moved: resetting a symbol it did
   * not move would undo another test's price in the middle of that test.
   */
  moveSimulatedPrice: (symbol: string, price: number) => Promise<void>;
}

/** A fresh invitation code to the Alpha Tester plan, made with `npm run invite`. */
export async function invitationCode(): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the suite through playwright test');
  const [code] = await inviteCodes(dataDir, 1);
  if (!code) throw new Error('npm run invite printed no code');
  return code;
}

/**
 * Makes the account with `email` a community moderator with `npm run moderator -- grant`, the
 * operator's command, against the server the suite runs.
 */
export async function grantModerator(email: string): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the suite through playwright test');
  const script = join(repositoryRoot, 'apps/server/scripts/moderator.mjs');
  const { stdout } = await promisify(execFile)(process.execPath, [script, 'grant', email], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
  if (!stdout.includes('is now a moderator')) throw new Error(`npm run moderator said: ${stdout}`);
}

/** A client address of its own, as the fixtures give each test (per-IP limits stay apart). */
export const clientAddress = () => ({
  'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
});

export function newAccount(name = 'Ada Investor'): TestAccount {
  return {
    name,
    email: `investor-${randomBytes(5).toString('hex')}@example.com`,
    password: 'correct horse battery',
  };
}

export async function signUpInContext(
  context: Pick<BrowserContext, 'request'>,
  baseURL: string,
  options: SignUpOptions = {},
): Promise<TestAccount & { me: Me }> {
  const account = newAccount(options.name);
  const plan = options.plan ?? 'free';
  // Alpha Tester is by invitation: the code comes from the operator's command.
  const code = plan === 'alpha' ? await invitationCode() : undefined;
  const response = await context.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL },
    data: { ...account, plan, invitationCode: code },
  });
  if (!response.ok())
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const me = (await (await context.request.get('/api/me')).json()) as Me;
  return { ...account, me };
}

/** Errors the browser logs in every kind of visit, and why they are not faults. */
const expectedEverywhere: RegExp[] = [
  // Asking who is signed in answers 401 to a visitor without a session (signed out, or whose
  // session just ended); the browser logs every 4xx answer as an error.
  /status of 401 \(Unauthorized\) \[[^\]]*\/api\/me\]$/,
];

/**
 * Every test runs against the server global setup started. Each test comes from its own
 * client address (the server trusts 127.0.0.1 as a proxy), so per-IP auth limits do not
 * spill from one test into another.
 */
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture arguments by destructuring.
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run the suite through playwright test');
    await use(url);
  },
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  extraHTTPHeaders: async ({}, use) => {
    await use(clientAddress());
  },
  consoleErrors: [
    async ({ context }, use) => {
      const logged: string[] = [];
      const allowed = [...expectedEverywhere];
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        logged.push(url ? `${message.text()} [${url}]` : message.text());
      });
      context.on('weberror', (error) => logged.push(`uncaught: ${error.error().stack}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = logged.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, 'the pages logged errors').toEqual([]);
    },
    { auto: true },
  ],
  signUp: async ({ context, baseURL }, use) => {
    await use((options) => signUpInContext(context, baseURL as string, options));
  },
  signedInPage: async ({ page, signUp }, use) => {
    await signUp();
    await use(page);
  },
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  moveSimulatedPrice: async ({}, use) => {
    const moved = new Set<string>();
    await use(async (symbol, price) => {
      moved.add(symbol);
      await setSimulatedPrice(symbol, price);
    });
    for (const symbol of moved) await setSimulatedPrice(symbol, null);
  },
});

export { expect };
