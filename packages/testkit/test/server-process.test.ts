import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../src/index.mjs';

const fixture = join(import.meta.dirname, 'fixtures', 'health-server.mjs');
const start = (
  mode: string,
  options: { env?: Record<string, string>; stopTimeoutMs?: number; startTimeoutMs?: number } = {},
) =>
  startServerProcess({ args: [fixture], ...options, env: { FIXTURE_MODE: mode, ...options.env } });

const isRunning = (pid: number | undefined) => {
  try {
    process.kill(pid ?? 0, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startServerProcess', () => {
  it('starts the server on a free 127.0.0.1 port once it is healthy, and stops it', async () => {
    const server = await start('ok', { env: { DATABASE_URL: 'postgres://kept@127.0.0.1/x' } });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    const env = await (await fetch(`${server.url}/env`)).json();
    expect(env).toEqual({
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(server.port),
      PUBLIC_URL: server.url,
      DATA_DIR: server.dataDir,
      DATABASE_URL: 'postgres://kept@127.0.0.1/x',
      LOG_LEVEL: 'warn',
    });
    expect(server.output()).toContain('listening');
    expect(existsSync(dirname(server.dataDir))).toBe(true);
    await server.stop();
    expect(isRunning(server.pid)).toBe(false);
    expect(existsSync(dirname(server.dataDir))).toBe(false);
  });

  it('keeps a data folder it was given', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'testkit-'));
    try {
      const server = await start('ok', { env: { DATA_DIR: folder } });
      expect(server.dataDir).toBe(folder);
      await server.stop();
      expect(existsSync(folder)).toBe(true);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('fails with the server’s output when it exits before it is healthy', async () => {
    await expect(start('exit')).rejects.toThrow(
      /exited before it was healthy \(3\):\nThe embedded database cannot be opened/,
    );
  });

  it('gives up on a server that never becomes healthy, and stops it', async () => {
    await expect(start('unhealthy', { startTimeoutMs: 1_000 })).rejects.toThrow(
      /did not answer http:\/\/127\.0\.0\.1:\d+\/api\/health in 1 s:\nlistening/,
    );
  });

  it('kill -9 resolves once the server has exited, and removes the data folder it made', async () => {
    const server = await start('ignore-sigterm');
    await server.kill();
    expect(isRunning(server.pid)).toBe(false);
    expect(server.output()).not.toContain('ignoring SIGTERM');
    expect(existsSync(dirname(server.dataDir))).toBe(false);
  });

  it('kills a server that ignores SIGTERM once the stop timeout passes', async () => {
    const server = await start('ignore-sigterm', { stopTimeoutMs: 300 });
    const started = performance.now();
    await server.stop();
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    expect(server.output()).toContain('ignoring SIGTERM');
    expect(isRunning(server.pid)).toBe(false);
  });
});
