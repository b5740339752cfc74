import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';
import { type TestClock, testClock } from '../../../test/test-clock.ts';
import { invitationCodes } from '../../db/schema/index.ts';
import { serverRoot } from '../../package-root.ts';

let testApp: TestApp;
let clock: TestClock;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tickerwise-invite-'));
  clock = testClock();
  clock.set(new Date('2031-03-10T12:00:00Z'));
  testApp = await createTestApp({ config: { dataDir }, clock });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
const signUp = (plan: string, invitationCode?: string, email?: string) => {
  counter += 1;
  return testApp.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: testOrigin, 'x-forwarded-for': `192.0.2.${counter % 250}` },
    payload: {
      name: 'Invited Investor',
      email: email ?? `invited-${counter}-${Date.now()}@example.com`,
      password: 'correct horse battery',
      plan,
      invitationCode,
    },
  });
};
const tierOf = async (cookie: string) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json()
    .subscription_tier;
const changePlan = (user: SignedUpUser, plan: string, invitationCode?: string) =>
  testApp.app.inject({
    method: 'POST',
    url: '/api/billing/plan-change',
    headers: { origin: testOrigin, cookie: user.cookie },
    payload: { plan, invitationCode },
  });
const newCode = async (expires?: string) =>
  (await testApp.app.invitations.create({ count: 1, expires })).codes[0] as string;
const cookieOf = (response: { headers: Record<string, unknown> }) =>
  [response.headers['set-cookie']]
    .flat()
    .map((line) => String(line).split(';')[0])
    .join('; ');

/** Runs `npm run invite -- ...args` as an operator would; never throws. */
async function invite(args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [join(serverRoot, 'scripts', 'invite.mjs'), ...args],
      { env: { ...process.env, DATA_DIR: dataDir } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run invite', () => {
  it('prints the codes once, through the running server, and keeps only their hashes', async () => {
    const result = await invite(['--count', '3', '--expires', '14d']);
    expect(result.code).toBe(0);
    const codes = result.stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(result.stderr).toBe(
      'Made 3 invitation codes to the Alpha Tester plan, valid until 2031-03-24T12:00:00.000Z.\n' +
        'They are shown only now: keep them somewhere safe. Each works once.\n',
    );
    const stored = JSON.stringify(await testApp.db.database.db.select().from(invitationCodes));
    for (const code of codes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replaceAll('-', ''));
    }
    const joined = await signUp('alpha', codes[1]?.toLowerCase().replaceAll('-', ' '));
    expect(joined.statusCode).toBe(200);
    expect(await tierOf(cookieOf(joined))).toBe('alpha');
  });

  it('explains bad input with the flag it came from', async () => {
    const many = await invite(['--count', '501']);
    expect(many.code).toBe(1);
    expect(many.stderr).toBe('invite: --count: Count must be a whole number from 1 to 500\n');
    const past = await invite(['--expires', '2020-01-01T00:00:00Z']);
    expect(past.stderr).toBe('invite: --expires: Expiry must be in the future\n');
    const words = await invite(['--expires', 'next week']);
    expect(words.stderr).toMatch(/^invite: --expires: Expiry must be a number of days such as 14d/);
  });

  it('is for operators only', async () => {
    const user = await signUpUser(testApp.app);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/operator/invitations',
      headers: { origin: testOrigin, cookie: user.cookie },
      payload: { count: 1 },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('signing up to Alpha Tester', () => {
  it('is refused without a code, and the account is not made', async () => {
    const email = `no-code-${Date.now()}@example.com`;
    const response = await signUp('alpha', undefined, email);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'invitation_required',
      message: 'The Alpha Tester plan is by invitation. Please enter your invitation code.',
      fields: {
        invitationCode:
          'The Alpha Tester plan is by invitation. Please enter your invitation code.',
      },
    });
    expect((await signUp('free', undefined, email)).statusCode).toBe(200);
  });

  it('is refused with a wrong, a used or an expired code, each saying why', async () => {
    const wrong = await signUp('alpha', 'AAAA-BBBB-CCCC-DDDD');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'invitation_invalid',
      message: 'This invitation code is not valid. Check it and try again.',
    });

    const code = await newCode();
    expect((await signUp('alpha', code)).statusCode).toBe(200);
    const again = await signUp('alpha', code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({
      code: 'invitation_invalid',
      message: 'This invitation code has already been used.',
    });

    const shortLived = await newCode('2d');
    clock.set(new Date(clock().getTime() + 3 * 24 * 60 * 60 * 1000));
    const expired = await signUp('alpha', shortLived);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({
      code: 'invitation_invalid',
      message: 'This invitation code has expired. Ask for a new one.',
    });
  });

  it('gives the code back when the sign-up fails for another reason', async () => {
    const existing = await signUpUser(testApp.app);
    const code = await newCode();
    const taken = await signUp('alpha', code, existing.email);
    expect(taken.statusCode).toBe(422);
    const joined = await signUp('alpha', code);
    expect(joined.statusCode).toBe(200);
    expect(await tierOf(cookieOf(joined))).toBe('alpha');
  });

  it('lets one of two sign-ups sent at once with one code win', async () => {
    const code = await newCode();
    const responses = await Promise.all([signUp('alpha', code), signUp('alpha', code)]);
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const winner = responses.find((response) => response.statusCode === 200);
    expect(await tierOf(cookieOf(winner as (typeof responses)[number]))).toBe('alpha');
    const [row] = await testApp.db.database.db
      .select()
      .from(invitationCodes)
      .where(eq(invitationCodes.userId, (winner as (typeof responses)[number]).json().user.id));
    expect(row?.claimedByEmail).toBeNull();
  });
});

describe('changing plan to Alpha Tester', () => {
  it('is refused without a valid code, and moves at once with one', async () => {
    const user = await signUpUser(testApp.app);
    const without = await changePlan(user, 'alpha');
    expect(without.statusCode).toBe(400);
    expect(without.json().error.code).toBe('invitation_required');
    const wrong = await changePlan(user, 'alpha', 'ZZZZ-ZZZZ-ZZZZ-ZZZZ');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invitation_invalid');
    expect(await tierOf(user.cookie)).toBe('free');

    const code = await newCode();
    expect((await changePlan(user, 'alpha', code)).json().outcome).toBe('applied');
    expect(await tierOf(user.cookie)).toBe('alpha');
    expect((await changePlan(user, 'free')).statusCode).toBe(200);
    const reused = await changePlan(user, 'alpha', code);
    expect(reused.json().error.message).toBe('This invitation code has already been used.');
    expect(await tierOf(user.cookie)).toBe('free');
  });

  it('lets one of two accounts moving at once with one code win', async () => {
    const [ada, bob] = await Promise.all([signUpUser(testApp.app), signUpUser(testApp.app)]);
    const code = await newCode();
    const responses = await Promise.all([
      changePlan(ada, 'alpha', code),
      changePlan(bob, 'alpha', code),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    const tiers = [await tierOf(ada.cookie), await tierOf(bob.cookie)].sort();
    expect(tiers).toEqual(['alpha', 'free']);
  });

  it('keeps an Alpha account on Alpha and exports the code it joined with, without the code', async () => {
    const user = await signUpUser(testApp.app, { plan: 'alpha' });
    expect(await tierOf(user.cookie)).toBe('alpha');
    const exported = await testApp.app.userData.export(user.id, clock());
    expect(exported.parts.invitations).toEqual([
      { claimedAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
  });
});
