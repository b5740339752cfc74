// Makes invitation codes to the Alpha Tester plan: `npm run invite -- --count N [--expires ...]`.
// Like `npm run notify`, it asks the running server (docs/decisions/0004), which stores only a
// hash of each code: the codes are printed here once and cannot be shown again.
import { callServer, commandOptions, fail as failWith, findServer } from './operator-client.mjs';

const usage = `Usage: npm run invite -- [--count N] [--expires DAYSd|ISO_DATE]

  --count     how many codes to make, 1 to 500 (default 1)
  --expires   when they stop working: a number of days such as 14d, or a date and time such
              as 2030-01-31T12:00:00Z (default 30d)

Each code is good for one sign-up or plan change to Alpha Tester. Run it where the server
runs, with the same DATA_DIR (default ./data).`;

const fail = (message, code) => failWith('invite', message, code);

const options = commandOptions('invite', usage, {
  count: { type: 'string', default: '1' },
  expires: { type: 'string' },
});
const count = /^\d+$/.test(options.count) ? Number(options.count) : Number.NaN;

const server = findServer('invite');
const response = await callServer('invite', server, '/api/operator/invitations', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ count, expires: options.expires }),
  signal: AbortSignal.timeout(10_000),
});

const body = await response.json().catch(() => ({}));
if (response.status !== 201) {
  const error = body.error ?? { message: `the server answered ${response.status}` };
  const fields = Object.entries(error.fields ?? {});
  fail(
    fields.length === 0
      ? error.message
      : fields.map(([field, message]) => `--${field}: ${message}`).join('\n  '),
  );
}
const plural = body.codes.length === 1 ? 'code' : 'codes';
process.stderr.write(
  `Made ${body.codes.length} invitation ${plural} to the Alpha Tester plan, valid until ${body.expiresAt}.\n` +
    'They are shown only now: keep them somewhere safe. Each works once.\n',
);
process.stdout.write(`${body.codes.join('\n')}\n`);
