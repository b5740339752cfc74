import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  signUpUser,
  type TestDatabase,
  testConfig,
  testDeps,
  testOrigin,
} from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { learnCourseStarts } from '../../db/schema/index.ts';
import { signingKeyFileName } from './certificates.ts';

/**
 * On the embedded database with no CERTIFICATE_SIGNING_KEY, the key is made once and kept in
 * DATA_DIR, so certificates stay verified when the server restarts (docs/decisions/0039).
 */
let db: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'tw-certificate-key-'));
});
afterAll(async () => {
  await db.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp(
    testConfig({ dataDir, ...overrides }),
    testDeps({ database: db.database }),
  );
  await app.ready();
  return app;
}

const view = async (app: FastifyInstance, id: string) =>
  (await app.inject({ url: `/api/certificates/${id}` })).json();
const status = async (app: FastifyInstance, id: string) => (await view(app, id)).status;

describe('the certificate signing key', () => {
  it('is made once in DATA_DIR (0600) and signs the same after a restart', async () => {
    const first = await start();
    const file = join(dataDir, signingKeyFileName);
    const key = readFileSync(file, 'utf8');
    expect(key.trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    const user = await signUpUser(first);
    // The course's completion is the quizzes' (learn.test.ts); here it is only a given.
    await db.database.db
      .insert(learnCourseStarts)
      .values({ userId: user.id, courseId: 'first-steps', completedAt: new Date() });
    const issued = await first.inject({
      method: 'POST',
      url: '/api/learn/courses/first-steps/certificate',
      headers: { cookie: user.cookie, origin: testOrigin },
      payload: { displayName: 'Dorothy Vaughan' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const { id } = issued.json().certificate;
    expect(await status(first, id)).toBe('verified');
    await first.close();

    const second = await start();
    expect(readFileSync(file, 'utf8')).toBe(key);
    expect(await status(second, id)).toBe('verified');
    const oldPublicKey = (await view(second, id)).publicKey;
    await second.close();

    // Another key (set in the environment) no longer vouches for it.
    const newKey = randomBytes(32).toString('base64url');
    const rotated = await start({ certificateSigningKey: newKey });
    expect(await status(rotated, id)).toBe('invalid');
    await rotated.close();

    // Unless the old key is retired rather than dropped: then both hold, each for its own.
    const kept = await start({
      certificateSigningKey: newKey,
      certificateRetiredPublicKeys: [oldPublicKey],
    });
    const before = await view(kept, id);
    expect(before).toMatchObject({ status: 'verified', publicKey: oldPublicKey });
    const other = await signUpUser(kept);
    await db.database.db
      .insert(learnCourseStarts)
      .values({ userId: other.id, courseId: 'first-steps', completedAt: new Date() });
    const fresh = await kept.inject({
      method: 'POST',
      url: '/api/learn/courses/first-steps/certificate',
      headers: { cookie: other.cookie, origin: testOrigin },
      payload: { displayName: 'Katherine Johnson' },
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    const after = await view(kept, fresh.json().certificate.id);
    expect(after.status).toBe('verified');
    expect(after.publicKey).not.toBe(oldPublicKey);
    // A retired key verifies what it signed, never signs again: the new one is not under it.
    await kept.close();
    const onlyOld = await start({
      certificateSigningKey: randomBytes(32).toString('base64url'),
      certificateRetiredPublicKeys: [oldPublicKey],
    });
    expect(await status(onlyOld, id)).toBe('verified');
    expect(await status(onlyOld, fresh.json().certificate.id)).toBe('invalid');
    await onlyOld.close();
  });
});
