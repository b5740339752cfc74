import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operatorCommand } from '../../../test/operator-command.ts';
import { signUpUser } from '../../../test/test-app.ts';

const command = operatorCommand('moderator');
const moderator = (args: string[], folder?: string) => command.run(args, folder);

const queueStatus = async (cookie: string) =>
  (
    await command.testApp.app.inject({
      method: 'GET',
      url: '/api/community/moderation/queue',
      headers: { cookie },
    })
  ).statusCode;

describe('npm run moderator', () => {
  it('grants, lists and revokes the role through the running server', async () => {
    const ada = await signUpUser(command.testApp.app);
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
