import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { serverRoot } from '../../package-root.ts';

const run = promisify(execFile);
const script = join(serverRoot, 'scripts', 'moderator.mjs');

let testApp: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tickerwise-moderator-'));
  testApp = await createTestApp({ config: { dataDir } });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm run moderator -- ...args` as an operator would; never throws. */
async function moderator(args: string[], folder = dataDir) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { ...process.env, DATA_DIR: folder },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const queueStatus = async (cookie: string) =>
  (
    await testApp.app.inject({
      method: 'GET',
      url: '/api/community/moderation/queue',
      headers: { cookie },
    })
  ).statusCode;

describe('npm run moderator', () => {
  it('grants, lists and revokes the role through the running server', async () => {
    const ada = await signUpUser(testApp.app);
    expect(await queueStatus(ada.cookie)).toBe(404);
    expect((await moderator(['list'])).stdout).toContain('No moderators yet');

    const granted = await moderator(['grant', ada.email.toUpperCase()]);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toBe(`${ada.email} is now a moderator.\n`);
    expect(await queueStatus(ada.cookie)).toBe(200);
    expect((await moderator(['grant', ada.email])).stdout).toBe(
      `${ada.email} was a moderator already.\n`,
    );
    expect((await moderator(['list'])).stdout).toMatch(
      new RegExp(`^${ada.email.replace(/[.+]/g, '\\$&')} \\(since .+Z\\)\\n$`),
    );

    const revoked = await moderator(['revoke', ada.email]);
    expect(revoked.stdout).toBe(`${ada.email} is no longer a moderator.\n`);
    expect(await queueStatus(ada.cookie)).toBe(404);
    expect((await moderator(['revoke', ada.email])).stdout).toBe(
      `${ada.email} was not a moderator.\n`,
    );
    // Six runs of the command, each a Node process starting: a minute on a busy machine.
  }, 60_000);

  it('explains an unknown account, a bad command and a missing server', async () => {
    const unknown = await moderator(['grant', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no account with the email nobody@example.com.');
    const bad = await moderator(['promote', 'someone@example.com']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run moderator -- grant EMAIL');
    expect((await moderator(['grant'])).code).toBe(2);
    const elsewhere = mkdtempSync(join(tmpdir(), 'tickerwise-moderator-none-'));
    try {
      const missing = await moderator(['list'], elsewhere);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('no running Tickerwise server uses');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});
