import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operatorCommand } from '../../../test/operator-command.ts';
import { signUpUser } from '../../../test/test-app.ts';

const command = operatorCommand('notify');
const notify = (args: string[], folder?: string) => command.run(args, folder);

const titlesFor = async (cookie: string): Promise<string[]> =>
  (
    await command.testApp.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie },
    })
  )
    .json()
    .notifications.map((item: { title: string }) => item.title);

describe('npm run notify', () => {
  it('publishes to everyone through the running server', async () => {
    const user = await signUpUser(command.testApp.app);
    const result = await notify([
      '--title',
      'Dividend season',
      '--message',
      'See which of your stocks pay this month.',
      '--link',
      '/dashboard/investments/stocks',
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      /^Published "Dividend season" to everyone \(id [0-9a-f-]{36}\)\.\n$/,
    );
    expect(await titlesFor(user.cookie)).toContain('Dividend season');
  });

  it('publishes to one account with --user and an expiry', async () => {
    const ada = await signUpUser(command.testApp.app);
    const bob = await signUpUser(command.testApp.app);
    const result = await notify([
      '--title',
      'Your plan renews soon',
      '--message',
      'In 7 days.',
      '--user',
      ada.email,
      '--expires',
      new Date(Date.now() + 3_600_000).toISOString(),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`to ${ada.email}`);
    expect(await titlesFor(ada.cookie)).toContain('Your plan renews soon');
    expect(await titlesFor(bob.cookie)).not.toContain('Your plan renews soon');
  });

  it('explains bad input with the flag it came from', async () => {
    const result = await notify(['--title', 'x', '--message', 'y', '--user', 'nobody@example.com']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('notify: --user: There is no account with this email\n');
    const invalid = await notify(['--title', ' ', '--message', 'y', '--link', 'ftp://files']);
    expect(invalid.stderr).toBe(
      'notify: --title: Please enter a title\n  --link: Link must be a path such as /dashboard or an http(s) URL\n',
    );
    const missing = await notify(['--title', 'only a title']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--title and --message are required.');
  });

  it('says so when no server runs on the data folder', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tickerwise-notify-empty-'));
    try {
      const result = await notify(['--title', 't', '--message', 'm'], empty);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`no running Tickerwise server uses ${empty}`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
