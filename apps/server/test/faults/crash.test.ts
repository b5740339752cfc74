import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inviteCodes } from '@tickerwise/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildServerBundle,
  type ServerBundle,
  type ServerProcess,
  startServerProcess,
} from '../server-process.ts';

/**
 * `kill -9` of the production server on PGlite while it acknowledges a stream of writes
 * (sign-ups and plan changes, between reads). After a restart on the same data folder, every
 * write it acknowledged is there (docs/decisions/0007 says why, and what a machine crash
 * would lose instead).
 */

/** Writes stream in for at least this long, and until this many were acknowledged (30 s at most). */
const writeMs = Number(process.env.CRASH_WRITE_MS ?? 5_000);
const minimumWrites = 60;
const workers = 4;

interface Investor {
  email: string;
  cookie: string;
  /** The tier of the last acknowledged plan change. */
  acknowledgedTier: string;
  /** A plan change sent and not answered when the server died: it may or may not be there. */
  pendingTier?: string;
}

let work: string;
let bundle: ServerBundle;
let server: ServerProcess | undefined;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'tickerwise-crash-'));
  bundle = buildServerBundle('crash');
});
afterAll(async () => {
  await server?.kill();
  bundle?.remove();
  rmSync(work, { recursive: true, force: true });
});

let addressCounter = 0;
/** Each request from its own client address (the server trusts 127.0.0.1 as a proxy). */
const nextAddress = () => {
  addressCounter++;
  return `10.9.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

async function post(url: string, path: string, body: object, cookie?: string) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      'x-forwarded-for': nextAddress(),
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe.skipIf(process.env.DATABASE_URL)('kill -9 while writes are acknowledged', () => {
  it('keeps every acknowledged write, and the data folder opens again', async () => {
    const dataDir = join(work, 'data');
    const env = { TRUST_PROXY: '127.0.0.1' };
    server = await startServerProcess({ bundle, dataDir, env });
    const { url } = server;
    // Each move to Alpha spends an invitation code (docs/PRODUCT.md §4.1); a worker stops when
    // none is left.
    const invitations = [
      ...(await inviteCodes(dataDir, 500)),
      ...(await inviteCodes(dataDir, 500)),
    ];

    const investors: Investor[] = [];
    const pendingSignUps = new Set<string>();
    let reads = 0;
    let acknowledgedChanges = 0;
    let stop = false;
    let sequence = 0;

    const worker = async (index: number) => {
      while (!stop) {
        // A sign-up: acknowledged by its 200.
        const email = `crash-${index}-${sequence++}@example.com`;
        pendingSignUps.add(email);
        const signUp = await post(url, '/api/auth/sign-up/email', {
          name: 'Crash Test Investor',
          email,
          password: 'correct horse battery',
          plan: 'free',
        }).catch(() => undefined);
        if (signUp?.status !== 200) return;
        pendingSignUps.delete(email);
        const investor: Investor = {
          email,
          cookie: signUp.headers
            .getSetCookie()
            .map((value) => value.split(';')[0])
            .join('; '),
          acknowledgedTier: 'free',
        };
        investors.push(investor);
        // Plan changes between reads, each acknowledged before the next is sent.
        for (const tier of ['alpha', 'free', 'alpha']) {
          if (stop) return;
          const me = await fetch(`${url}/api/me`, { headers: { cookie: investor.cookie } }).catch(
            () => undefined,
          );
          if (me?.status !== 200) return;
          reads++;
          const invitationCode = tier === 'alpha' ? invitations.pop() : undefined;
          if (tier === 'alpha' && !invitationCode) return;
          investor.pendingTier = tier;
          const change = await post(
            url,
            '/api/billing/plan-change',
            { plan: tier, invitationCode },
            investor.cookie,
          )
            .then((response) => response.status)
            .catch(() => undefined);
          if (change !== 200) return;
          investor.acknowledgedTier = tier;
          acknowledgedChanges++;
          investor.pendingTier = undefined;
        }
      }
    };

    const running = Array.from({ length: workers }, (_, index) => worker(index));
    const started = Date.now();
    while (
      Date.now() - started < writeMs ||
      (investors.length + acknowledgedChanges < minimumWrites && Date.now() - started < 30_000)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Mid-stream, without warning: no shutdown code runs.
    await server.kill();
    stop = true;
    await Promise.all(running);

    const acknowledgedSignUps = investors.length;
    expect(acknowledgedSignUps).toBeGreaterThan(0);

    // The folder opens again: the server starts on it (crash recovery) and answers.
    const restartStarted = performance.now();
    server = await startServerProcess({ bundle, dataDir, env });
    const restartSeconds = (performance.now() - restartStarted) / 1000;
    await server.stop();
    // Everything the server and PGlite wrote stays private to the server's account.
    const entries = await readdir(dataDir, { recursive: true });
    const shared = [dataDir, ...entries.map((entry) => join(dataDir, entry))].filter(
      (path) => statSync(path).mode & 0o077,
    );
    expect(shared).toEqual([]);

    const database = await PGlite.create({ dataDir });
    const rows = await database.query<{ email: string; tier: string }>(
      `select u.email, p.subscription_tier as tier
       from "user" u left join profiles p on p.id = u.id`,
    );
    await database.close();
    const stored = new Map(rows.rows.map((row) => [row.email, row.tier]));

    const lostSignUps = investors.filter((investor) => !stored.has(investor.email));
    const lostChanges = investors.filter((investor) => {
      const tier = stored.get(investor.email);
      return tier !== investor.acknowledgedTier && tier !== investor.pendingTier;
    });
    console.log(
      `crash: ${acknowledgedSignUps + acknowledgedChanges} writes acknowledged ` +
        `(${acknowledgedSignUps} sign-ups, ${acknowledgedChanges} plan changes, ${reads} reads between), ` +
        `${lostSignUps.length + lostChanges.length} lost; ${pendingSignUps.size} unanswered at the kill; ` +
        `restart on the same folder healthy in ${restartSeconds.toFixed(1)} s`,
    );
    expect(lostSignUps.map((investor) => investor.email)).toEqual([]);
    expect(lostChanges.map((investor) => investor.email)).toEqual([]);
  }, 240_000);
});
