// Publishes a notification from the command line: `npm run notify -- --title ... --message ...`.
// It asks the running server, which is the only process that may open a PGlite data folder:
// the server writes its address and a per-process operator token to DATA_DIR/operator.json
// (mode 0600) when it starts listening, and this command sends the token with the request.
// The server validates the input, stores the row, and the database trigger announces it to
// every instance's connected browsers.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const usage = `Usage: npm run notify -- --title TEXT --message TEXT [--link PATH_OR_URL] [--user EMAIL] [--expires ISO_DATE]

  --title     headline of the notification (required)
  --message   text under the headline (required)
  --link      where clicking it leads: an app path such as /dashboard, or an http(s) URL
  --user      only the account with this email sees it (default: everyone)
  --expires   hidden from this moment on, e.g. 2030-01-31T12:00:00Z

Run it where the server runs, with the same DATA_DIR (default ./data).`;

function fail(message, code = 1) {
  process.stderr.write(`notify: ${message}\n`);
  process.exit(code);
}

let options;
try {
  ({ values: options } = parseArgs({
    options: {
      title: { type: 'string' },
      message: { type: 'string' },
      link: { type: 'string' },
      user: { type: 'string' },
      expires: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  }));
} catch (error) {
  fail(`${error.message}\n\n${usage}`, 2);
}
if (options.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
if (!options.title || !options.message) fail(`--title and --message are required.\n\n${usage}`, 2);

const dataDir = resolve(process.env.DATA_DIR || './data');
const operatorFile = join(dataDir, 'operator.json');
let operator;
try {
  operator = JSON.parse(readFileSync(operatorFile, 'utf8'));
} catch (error) {
  if (error.code === 'ENOENT') {
    fail(
      `no running Tickerwise server uses ${dataDir} (${operatorFile} does not exist). ` +
        'Start the server with the same DATA_DIR, then try again.',
    );
  }
  if (error.code === 'EACCES') {
    fail(`cannot read ${operatorFile}: run this as the user that runs the server.`);
  }
  fail(`cannot read ${operatorFile}: ${error.message}`);
}

let response;
try {
  response = await fetch(`${operator.url}/api/notifications`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operator.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: options.title,
      message: options.message,
      link: options.link,
      userEmail: options.user,
      expiresAt: options.expires,
    }),
    signal: AbortSignal.timeout(10_000),
  });
} catch {
  fail(
    `the server at ${operator.url} (from ${operatorFile}) is not answering. ` +
      'Is it still running? Start it again, then retry.',
  );
}

const body = await response.json().catch(() => ({}));
if (response.status !== 201) {
  const error = body.error ?? { message: `the server answered ${response.status}` };
  const fieldFlags = { userEmail: '--user', expiresAt: '--expires' };
  const fields = Object.entries(error.fields ?? {});
  fail(
    fields.length === 0
      ? error.message
      : fields
          .map(([field, message]) => `${fieldFlags[field] ?? `--${field}`}: ${message}`)
          .join('\n  '),
  );
}
const audience = body.audience === 'everyone' ? 'everyone' : body.audience.userEmail;
process.stdout.write(`Published "${options.title.trim()}" to ${audience} (id ${body.id}).\n`);
