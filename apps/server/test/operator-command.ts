import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { serverRoot } from '../src/package-root.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const run = promisify(execFile);

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface OperatorCommand {
  /** The app the command reaches, listening on 127.0.0.1 with its own data folder. */
  readonly testApp: TestApp;
  /**
   * Runs `npm run <script> -- ...args` as an operator would, where the server runs (its
   * DATA_DIR, or `folder`); never throws.
   */
  run(args: string[], folder?: string): Promise<CommandResult>;
}

/**
 * For a test file of an operator command (ADR 0004): before its tests, a test app with a data
 * folder of its own listens on 127.0.0.1, where `apps/server/scripts/<script>.mjs` finds it
 * (DATA_DIR/operator.json); after them it closes and the folder goes.
 */
export function operatorCommand(script: string): OperatorCommand {
  let testApp: TestApp | undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `tickerwise-${script}-`));
    testApp = await createTestApp({ config: { dataDir } });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await testApp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get testApp() {
      if (!testApp) throw new Error('The operator command test app starts before the tests');
      return testApp;
    },
    async run(args, folder = dataDir) {
      try {
        const { stdout, stderr } = await run(
          process.execPath,
          [join(serverRoot, 'scripts', `${script}.mjs`), ...args],
          { env: { ...process.env, DATA_DIR: folder } },
        );
        return { code: 0, stdout, stderr };
      } catch (error) {
        const failed = error as CommandResult;
        return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
      }
    },
  };
}
