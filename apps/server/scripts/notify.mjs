// Publishes a notification from the command line: `npm run notify -- --title ... --message ...`.
// It asks the running server, which is the only process that may open a PGlite data folder:
// the server writes its address and a per-process operator token to DATA_DIR/operator.json
// (mode 0600) when it starts listening, and this command sends the token with the request.
// The server validates the input, stores the row, and the database trigger announces it to
// every instance's connected browsers.
import { callServer, commandOptions, fail as failWith, findServer } from './operator-client.mjs';

const usage = `Usage: npm run notify -- --title TEXT --message TEXT [--link PATH_OR_URL] [--user EMAIL] [--expires ISO_DATE]

  --title     headline of the notification (required)
  --message   text under the headline (required)
  --link      where clicking it leads: an app path such as /dashboard, or an http(s) URL
  --user      only the account with this email sees it (default: everyone)
  --expires   hidden from this moment on, e.g. 2030-01-31T12:00:00Z

Run it where the server runs, with the same DATA_DIR (default ./data).`;

const fail = (message, code) => failWith('notify', message, code);

const options = commandOptions('notify', usage, {
  title: { type: 'string' },
  message: { type: 'string' },
  link: { type: 'string' },
  user: { type: 'string' },
  expires: { type: 'string' },
});
if (!options.title || !options.message) fail(`--title and --message are required.\n\n${usage}`, 2);

const server = findServer('notify');
const response = await callServer('notify', server, '/api/notifications', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    title: options.title,
    message: options.message,
    link: options.link,
    userEmail: options.user,
    expiresAt: options.expires,
  }),
  signal: AbortSignal.timeout(10_000),
});

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
