// What the operator commands (`npm run notify`, `backup`, `invite`) share: reading their
// options, and finding the running server through DATA_DIR/operator.json, which the server
// writes (mode 0600) when it starts listening, with its local address and a token made for
// that process.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Prints `command: message` and exits. */
export function fail(command, message, code = 1) {
  process.stderr.write(`${command}: ${message}\n`);
  process.exit(code);
}

/**
 * The command's options (`parseArgs` options, `--help` added): a bad one ends the command
 * with exit code 2 and its usage, `--help` prints the usage and exits.
 */
export function commandOptions(command, usage, options) {
  let values;
  try {
    ({ values } = parseArgs({ options: { ...options, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    fail(command, `${error.message}\n\n${usage}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return values;
}

/** The running server of DATA_DIR (default ./data): `{ url, token, operatorFile }`. */
export function findServer(command) {
  const dataDir = resolve(process.env.DATA_DIR || './data');
  const operatorFile = join(dataDir, 'operator.json');
  try {
    const { url, token } = JSON.parse(readFileSync(operatorFile, 'utf8'));
    return { url, token, operatorFile };
  } catch (error) {
    if (error.code === 'ENOENT') {
      fail(
        command,
        `no running Tickerwise server uses ${dataDir} (${operatorFile} does not exist). ` +
          'Start the server with the same DATA_DIR, then try again.',
      );
    }
    if (error.code === 'EACCES') {
      fail(command, `cannot read ${operatorFile}: run this as the user that runs the server.`);
    }
    fail(command, `cannot read ${operatorFile}: ${error.message}`);
  }
}

/** Calls the server as its operator; a server that does not answer ends the command. */
export async function callServer(command, server, path, init = {}) {
  try {
    return await fetch(`${server.url}${path}`, {
      ...init,
      headers: { ...init.headers, authorization: `Bearer ${server.token}` },
    });
  } catch {
    fail(
      command,
      `the server at ${server.url} (from ${server.operatorFile}) is not answering. ` +
        'Is it still running? Start it again, then retry.',
    );
  }
}

/** The `{ error: { message } }` of a failed answer, or its status. */
export async function errorMessage(response) {
  const body = await response.json().catch(() => ({}));
  return body.error?.message ?? `the server answered ${response.status}`;
}
