// Grants or revokes the community's moderator role: `npm run moderator -- grant EMAIL`,
// `revoke EMAIL` or `list`. Like `npm run notify`, it asks the running server (docs/decisions/0004),
// found through DATA_DIR/operator.json, with the operator token it holds.
import { parseArgs } from 'node:util';
import { callServer, errorMessage, fail as failWith, findServer } from './operator-client.mjs';

const usage = `Usage: npm run moderator -- grant EMAIL | revoke EMAIL | list

  grant EMAIL    the account with this email may open the moderation queue
                 (/dashboard/social/moderation) and decide on hidden, held and appealed posts
  revoke EMAIL   takes the role away
  list           the moderators, with when they became one

Run it where the server runs, with the same DATA_DIR (default ./data).`;

const fail = (message, code) => failWith('moderator', message, code);

let parsed;
try {
  parsed = parseArgs({
    options: { help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
} catch (error) {
  fail(`${error.message}\n\n${usage}`, 2);
}
if (parsed.values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const [command, email, ...rest] = parsed.positionals;
const needsEmail = command === 'grant' || command === 'revoke';
if (
  !(needsEmail || command === 'list') ||
  (needsEmail && !email) ||
  rest.length > 0 ||
  (command === 'list' && email)
) {
  fail(usage, 2);
}

const server = findServer('moderator');
if (command === 'list') {
  const response = await callServer('moderator', server, '/api/operator/moderators', {
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) fail(await errorMessage(response));
  const { moderators } = await response.json();
  if (moderators.length === 0) {
    process.stdout.write(
      'No moderators yet. Grant the role with: npm run moderator -- grant EMAIL\n',
    );
  }
  for (const moderator of moderators) {
    const handle = moderator.handle ? ` @${moderator.handle}` : '';
    process.stdout.write(`${moderator.email}${handle} (since ${moderator.grantedAt})\n`);
  }
  process.exit(0);
}

const response = await callServer(
  'moderator',
  server,
  `/api/operator/moderators/${encodeURIComponent(email)}`,
  { method: command === 'grant' ? 'PUT' : 'DELETE', signal: AbortSignal.timeout(10_000) },
);
if (response.status !== 200) fail(await errorMessage(response));
const body = await response.json();
const line =
  command === 'grant'
    ? body.changed
      ? `${body.email} is now a moderator.`
      : `${body.email} was a moderator already.`
    : body.changed
      ? `${body.email} is no longer a moderator.`
      : `${body.email} was not a moderator.`;
process.stdout.write(`${line}\n`);
