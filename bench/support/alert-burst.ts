// What the alert-delivery benches (bench/email, bench/webhooks) share: a prober timing one API
// route while the work runs, and the burst that moves symbols through their alerts' level.
import { clockMs } from './event-streams.mjs';
import { sleep } from './production-server.mjs';

/**
 * GETs `path` as the signed-in `cookie` from `address`, one request at a time with 50 ms
 * between, until `until()`: the times in milliseconds, sorted.
 */
export async function probeApi(
  url: string,
  path: string,
  { cookie, address }: { cookie: string; address: string },
  until: () => boolean,
): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = clockMs();
    const response = await fetch(`${url}${path}`, {
      headers: { cookie, 'x-forwarded-for': address },
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    times.push(clockMs() - started);
    await sleep(50);
  }
  return times.sort((a, b) => a - b);
}

export interface Burst {
  /** When each symbol's new price was sent (bench clock, milliseconds). */
  movedAt: Map<string, number>;
  /** Whether every symbol has been moved. */
  over: () => boolean;
  /** Settles once every symbol has been moved; rejects if a quote was refused. */
  done: Promise<void>;
}

/**
 * Moves each symbol 40% above `price` through the operator's simulation route, evenly spread
 * over `burstMs`, so that every alert set below that level fires.
 */
export function moveThroughLevels(
  url: string,
  operatorToken: string,
  symbols: readonly { symbol: string; price: number }[],
  burstMs: number,
): Burst {
  const movedAt = new Map<string, number>();
  let over = false;
  const done = (async () => {
    const spacing = burstMs / symbols.length;
    const start = clockMs();
    for (const [index, { symbol, price }] of symbols.entries()) {
      const due = start + index * spacing;
      if (due > clockMs()) await sleep(due - clockMs());
      const sent = clockMs();
      const response = await fetch(`${url}/api/simulation/quotes/${symbol}`, {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${operatorToken}`,
          origin: url,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ price: Math.round(price * 1.4 * 100) / 100 }),
      });
      if (!response.ok) throw new Error(`the quote was refused: ${response.status}`);
      movedAt.set(symbol, sent);
    }
    over = true;
  })();
  return { movedAt, over: () => over, done };
}
