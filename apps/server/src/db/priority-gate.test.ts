import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { inBackground } from '../lifecycle/background-lane.ts';
import { openDatabase } from './client.ts';
import { PriorityGate } from './priority-gate.ts';

/** A unit of work that ends when the test says so. */
function held() {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return { end, ended };
}

describe('the embedded database gate', () => {
  it('serves waiting requests before waiting background work, each in arrival order', async () => {
    const gate = new PriorityGate({ maxWaitMs: 60_000 });
    const order: string[] = [];
    const first = held();
    const running = inBackground(() => gate.run(() => first.ended));
    const unit = (name: string) => async () => {
      order.push(name);
    };
    const waiting = [
      inBackground(() => gate.run(unit('background 1'))),
      gate.run(unit('request 1')),
      inBackground(() => gate.run(unit('background 2'))),
      gate.run(unit('request 2')),
    ];
    first.end();
    await Promise.all([running, ...waiting]);
    expect(order).toEqual(['request 1', 'request 2', 'background 1', 'background 2']);
    // The first background unit had not taken the connection yet: a request asked in its turn.
    expect(gate.waited).toEqual({ foreground: 1, background: 3 });
  });

  it('gives the event loop a turn before each background unit, where a request goes first', async () => {
    const gate = new PriorityGate({ maxWaitMs: 60_000 });
    const order: string[] = [];
    // A chain of background statements, each asked as the one before ends.
    const chain = inBackground(async () => {
      for (let index = 0; index < 3; index++) {
        await gate.run(async () => void order.push(`background ${index}`));
      }
    });
    // A request that arrives (on a timer, as a socket's bytes do) while the chain runs.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        order.push('request arrives');
        resolve();
      }),
    );
    const request = gate.run(async () => void order.push('request'));
    await Promise.all([chain, request]);
    // Without the turn the chain would end before the request is even read.
    expect(order).toEqual([
      'background 0',
      'request arrives',
      'request',
      'background 1',
      'background 2',
    ]);
  });

  it('lets background work that waited too long go before later requests', async () => {
    let now = 0;
    const gate = new PriorityGate({ maxWaitMs: 200, now: () => now });
    const order: string[] = [];
    const first = held();
    const running = gate.run(() => first.ended);
    const background = inBackground(() => gate.run(async () => void order.push('background')));
    const request = gate.run(async () => void order.push('request'));
    now = 250;
    first.end();
    await Promise.all([running, background, request]);
    expect(order).toEqual(['background', 'request']);
  });

  it('hands the connection on after a unit that failed', async () => {
    const gate = new PriorityGate();
    await expect(gate.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(gate.run(async () => 'next')).resolves.toBe('next');
  });

  // The snapshot every PGlite test database loads (PostgreSQL runs have none, and no gate).
  const dump = inject('pgliteSnapshot');
  it.skipIf(!dump)('puts a request ahead of background statements queued on PGlite', async () => {
    const snapshot = new Blob([readFileSync(dump)]);
    const database = await openDatabase({ snapshot, migrate: false });
    try {
      const order: string[] = [];
      // A background transaction holds the connection while more background work queues.
      const release = held();
      const transaction = inBackground(() =>
        database.db.transaction(async (tx) => {
          await tx.execute('select 1');
          await release.ended;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const background = Array.from({ length: 5 }, (_, index) =>
        inBackground(() =>
          database.db.execute('select 1').then(() => order.push(`background ${index}`)),
        ),
      );
      const request = database.db.execute('select 1').then(() => order.push('request'));
      release.end();
      await Promise.all([transaction, request, ...background]);
      expect(order[0]).toBe('request');
      expect(order).toHaveLength(6);
    } finally {
      await database.close();
    }
  });
});
