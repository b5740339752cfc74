import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { serverRoot } from '../../package-root.ts';

const run = promisify(execFile);
const script = join(serverRoot, 'scripts', 'support.mjs');

let testApp: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tickerwise-support-'));
  testApp = await createTestApp({ config: { dataDir } });
  await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `npm run support -- ...args` as an operator would; never throws. */
async function support(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const queueStatus = async (cookie: string) =>
  (await testApp.app.inject({ method: 'GET', url: '/api/support/queue', headers: { cookie } }))
    .statusCode;

describe('npm run support', () => {
  it('grants, lists and revokes the agent role through the running server', async () => {
    const ada = await signUpUser(testApp.app);
    expect(await queueStatus(ada.cookie)).toBe(404);
    expect((await support(['list'])).stdout).toContain('No support agents yet');

    const granted = await support(['grant', ada.email.toUpperCase()]);
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout).toBe(`${ada.email} is now a support agent.\n`);
    expect(await queueStatus(ada.cookie)).toBe(200);
    expect((await support(['list'])).stdout).toMatch(
      new RegExp(`^${ada.email.replace(/[.+]/g, '\\$&')} \\(since .+Z\\)\\n$`),
    );
    expect((await support(['revoke', ada.email])).stdout).toBe(
      `${ada.email} is no longer a support agent.\n`,
    );
    expect(await queueStatus(ada.cookie)).toBe(404);
    const unknown = await support(['grant', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no account with the email nobody@example.com.');
    const bad = await support(['promote', ada.email]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run support -- grant EMAIL');
    // Six runs of the command, each a Node process starting: a minute on a busy machine.
  }, 60_000);
});
