import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiSamples } from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpUser, type TestApp, testOrigin } from '../../test/test-app.ts';
import { setTier } from '../modules/profiles/service.ts';

const run = promisify(execFile);

let testApp: TestApp;
let baseUrl: string;
let secret: string;
let work: string;
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  const user = await signUpUser(testApp.app);
  await setTier(testApp.db.database.db, user.id, 'enterprise');
  const created = await testApp.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { origin: testOrigin, cookie: user.cookie },
    payload: { name: 'Docs samples', password: user.password },
  });
  expect(created.statusCode, created.body).toBe(201);
  secret = created.json().secret;
  work = mkdtempSync(join(tmpdir(), 'tw-samples-'));
});
afterAll(async () => {
  await testApp.close();
  rmSync(work, { recursive: true, force: true });
});

/** How each sample is run, as its `runs` line tells a reader. */
function command(id: string, code: string): [string, string[]] {
  if (id === 'curl') return ['sh', ['-c', code]];
  const file = join(work, id === 'python' ? 'quote.py' : 'quote.mjs');
  writeFileSync(file, code);
  return id === 'python' ? ['python3', [file]] : [process.execPath, [file]];
}

describe('the code samples of /docs', () => {
  for (const sample of apiSamples) {
    it(`${sample.language} fetches a quote from the running server with a key`, async () => {
      const [program, args] = command(sample.id, sample.code);
      const { stdout } = await run(program, args, {
        env: { ...process.env, TICKERWISE_URL: baseUrl, TICKERWISE_API_KEY: secret },
        timeout: 20_000,
      });
      const { quote } = JSON.parse(stdout);
      expect(quote.symbol).toBe('AAPL');
      expect(quote.price).toBeGreaterThan(0);
    });
  }

  it('fail loudly with a key the server refuses', async () => {
    const sample = apiSamples.find((one) => one.id === 'javascript')!;
    const [program, args] = command(sample.id, sample.code);
    await expect(
      run(program, args, {
        env: { ...process.env, TICKERWISE_URL: baseUrl, TICKERWISE_API_KEY: 'tw_wrong' },
        timeout: 20_000,
      }),
    ).rejects.toThrow(/401/);
  });
});
