import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { localUrl, type OperatorFile, operatorFileName } from './operator-access.ts';

let testApp: TestApp | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

async function listeningApp(): Promise<{ file: string; url: string }> {
  dataDir = mkdtempSync(join(tmpdir(), 'tickerwise-operator-'));
  testApp = await createTestApp({ config: { dataDir } });
  const url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  return { file: join(dataDir, operatorFileName), url };
}

describe('the operator file', () => {
  it('is written on listening, readable by its owner only, with the address and a token', async () => {
    const { file, url } = await listeningApp();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const content = JSON.parse(readFileSync(file, 'utf8')) as OperatorFile;
    expect(content.url).toBe(url);
    expect(content.pid).toBe(process.pid);
    expect(content.token).toMatch(/^[\w-]{43}$/);
  });

  it('opens publishing to whoever holds the token', async () => {
    const { file, url } = await listeningApp();
    const { token } = JSON.parse(readFileSync(file, 'utf8')) as OperatorFile;
    const response = await fetch(`${url}/api/notifications`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Maintenance', message: 'Tonight at 22:00 UTC.' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ audience: 'everyone' });
  });

  it('is removed on shutdown', async () => {
    const { file } = await listeningApp();
    await testApp?.app.close();
    expect(existsSync(file)).toBe(false);
  });

  it("is left alone on shutdown when another instance's file replaced it", async () => {
    const { file } = await listeningApp();
    const other: OperatorFile = { url: 'http://127.0.0.1:1', token: 'other', pid: 1 };
    writeFileSync(file, JSON.stringify(other));
    await testApp?.app.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(other);
  });
});

describe('localUrl', () => {
  it('prefers IPv4 and turns wildcard addresses into loopback ones', () => {
    expect(
      localUrl([
        { address: '::', family: 'IPv6', port: 3000 },
        { address: '0.0.0.0', family: 'IPv4', port: 3000 },
      ]),
    ).toBe('http://127.0.0.1:3000');
    expect(localUrl([{ address: '::', family: 'IPv6', port: 8080 }])).toBe('http://[::1]:8080');
  });
});
