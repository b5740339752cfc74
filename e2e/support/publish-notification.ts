import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

const notifyScript = resolve(import.meta.dirname, '..', '..', 'apps/server/scripts/notify.mjs');

export interface PublishOptions {
  title: string;
  message: string;
  link?: string;
  /** Only this account sees it. Tests always name one, so parallel tests do not see it. */
  userEmail: string;
}

/** Publishes through `npm run notify`, the operators' command, against the e2e server. */
export async function publishNotification(options: PublishOptions): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the suite through playwright test');
  const args = [
    '--title',
    options.title,
    '--message',
    options.message,
    '--user',
    options.userEmail,
  ];
  if (options.link) args.push('--link', options.link);
  await promisify(execFile)(process.execPath, [notifyScript, ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
  });
}
