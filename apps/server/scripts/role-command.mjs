// What the role commands (`npm run moderator`, `npm run support`) share: `grant EMAIL`,
// `revoke EMAIL` or `list`, asked of the running server (docs/decisions/0004) through
// DATA_DIR/operator.json, with the operator token it holds.
import { parseArgs } from 'node:util';
import { callServer, errorMessage, fail as failWith, findServer } from './operator-client.mjs';

/**
 * Runs a role command. `role.path` is the operator route (`/api/operator/moderators`),
 * `role.listKey` the list in its answer, `role.noun` what a holder is called ("a moderator"),
 * `role.line(holder)` the text before " (since ...)" in the list.
 */
export async function runRoleCommand({ command, usage, path, listKey, noun, line, empty }) {
  const fail = (message, code) => failWith(command, message, code);
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
  const [action, email, ...rest] = parsed.positionals;
  const needsEmail = action === 'grant' || action === 'revoke';
  if (
    !(needsEmail || action === 'list') ||
    (needsEmail && !email) ||
    rest.length > 0 ||
    (action === 'list' && email)
  ) {
    fail(usage, 2);
  }

  const server = findServer(command);
  if (action === 'list') {
    const response = await callServer(command, server, path, {
      signal: AbortSignal.timeout(10_000),
    });
    if (response.status !== 200) fail(await errorMessage(response));
    const holders = (await response.json())[listKey];
    if (holders.length === 0) process.stdout.write(`${empty}\n`);
    for (const holder of holders) {
      process.stdout.write(`${line(holder)} (since ${holder.grantedAt})\n`);
    }
    process.exit(0);
  }

  const response = await callServer(command, server, `${path}/${encodeURIComponent(email)}`, {
    method: action === 'grant' ? 'PUT' : 'DELETE',
    signal: AbortSignal.timeout(10_000),
  });
  if (response.status !== 200) fail(await errorMessage(response));
  const body = await response.json();
  const said =
    action === 'grant'
      ? body.changed
        ? `${body.email} is now ${noun}.`
        : `${body.email} was ${noun} already.`
      : body.changed
        ? `${body.email} is no longer ${noun}.`
        : `${body.email} was not ${noun}.`;
  process.stdout.write(`${said}\n`);
}
