import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp } from '../../../test/test-app.ts';
import { backupChecksumHeader } from './backup-routes.ts';
import { type OperatorFile, operatorFileName } from './operator-access.ts';

let testApp: TestApp;
let dataDir: string;
let url: string;
let token: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'tickerwise-backup-route-'));
  testApp = await createTestApp({ config: { dataDir } });
  url = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  ({ token } = JSON.parse(readFileSync(join(dataDir, operatorFileName), 'utf8')) as OperatorFile);
});
afterAll(async () => {
  await testApp.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('GET /api/operator/backup', () => {
  it('is for operators only', async () => {
    expect((await fetch(`${url}/api/operator/backup`)).status).toBe(401);
    const user = await signUpUser(testApp.app);
    const asUser = await fetch(`${url}/api/operator/backup`, { headers: { cookie: user.cookie } });
    expect(asUser.status).toBe(403);
  });

  it.skipIf(process.env.DATABASE_URL)(
    'sends the embedded database as a gzipped archive with its checksum',
    async () => {
      const response = await fetch(`${url}/api/operator/backup`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/gzip');
      expect(response.headers.get('content-disposition')).toMatch(/tickerwise-.*\.tar\.gz/);
      const archive = Buffer.from(await response.arrayBuffer());
      expect(archive.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      const digest = createHash('sha256').update(archive).digest('hex');
      expect(response.headers.get(backupChecksumHeader)).toBe(digest);
    },
  );

  it.runIf(process.env.DATABASE_URL)('points a PostgreSQL server to pg_dump', async () => {
    const response = await fetch(`${url}/api/operator/backup`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /pg_dump/,
    );
  });
});
