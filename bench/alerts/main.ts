// Alert evaluation and delivery. Run: npm run bench:alerts (after npm run build).
// Targets: evaluation of a full round (a new quote for each of 500 symbols against 100,000
// armed alerts) p99 < 50 ms on one instance; from the quote that crosses a level to the event
// on a connected SSE client p99 < 1 s with 1,000 clients.
import { cpus, loadavg } from 'node:os';
import { percentile } from '../support/bench-app.ts';
import { measureDelivery } from './delivery.ts';
import { measureEvaluation } from './evaluation.ts';

const symbolCount = 500;
const perSymbol = 200;
const ms = (value: number) => `${value.toFixed(2)} ms`;
const p99 = (sorted: readonly number[]) => percentile(sorted, 0.99);
const p50 = (sorted: readonly number[]) => percentile(sorted, 0.5);
const watchdog = setTimeout(() => {
  process.stderr.write('alerts bench: gave up after 10 minutes\n');
  process.exit(1);
}, 600_000);
watchdog.unref();

console.log(`machine: ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)} at start`);

// `npm run bench:alerts -- evaluation` or `-- delivery` runs one part; both by default.
const part = process.argv[2];
if (part === undefined || part === 'evaluation') await evaluationPart();
if (part === undefined || part === 'delivery') await deliveryPart();
console.log(
  `load average ${loadavg()[0]!.toFixed(1)} at the end (figures from a busy machine are slower)`,
);
process.exit(process.exitCode ?? 0);

async function evaluationPart() {
  const evaluation = await measureEvaluation(symbolCount, perSymbol, 300);
  console.log(
    `\nEvaluation, one instance (in process, PGlite): ${evaluation.alerts} armed alerts over ${symbolCount} symbols, loaded into the book in ${evaluation.loadMs.toFixed(0)} ms`,
  );
  console.log(
    `  book, full round of ${symbolCount} quotes:  p50 ${ms(p50(evaluation.bookMs))}  p99 ${ms(p99(evaluation.bookMs))}  max ${ms(evaluation.bookMs.at(-1)!)}  (target p99 < 50 ms)`,
  );
  console.log(
    `  the same, CPU time of the process:        p50 ${ms(p50(evaluation.bookCpuMs))}  p99 ${ms(p99(evaluation.bookCpuMs))}  max ${ms(evaluation.bookCpuMs.at(-1)!)}  (time on a core: a busy machine's waits left out)`,
  );
  console.log(
    `  round with its firings committed:        p50 ${ms(p50(evaluation.roundMs))}  p99 ${ms(p99(evaluation.roundMs))}  max ${ms(evaluation.roundMs.at(-1)!)}  (${evaluation.fired} alerts fired over ${evaluation.roundMs.length} rounds)`,
  );
  console.log(
    `  side by side, a scan of every alert:     p50 ${ms(p50(evaluation.scanMs))}  p99 ${ms(p99(evaluation.scanMs))}  (book/scan p50 ratio ${(p50(evaluation.bookMs) / p50(evaluation.scanMs)).toFixed(2)})`,
  );
}

async function deliveryPart() {
  const delivery = await measureDelivery({
    symbolCount,
    perSymbol,
    clientCount: 1_000,
    userCount: 50,
    rounds: 5,
  });
  console.log(
    `\nDelivery, production server (PGlite): ${delivery.alerts} armed alerts, ${delivery.clients} SSE clients over 50 accounts, restarted with them in ${(delivery.startMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `  catch-up of alerts already past their level at the start: ${delivery.settle.events} events on the streams, quiet after ${(delivery.settle.ms / 1000).toFixed(1)} s`,
  );
  for (const round of delivery.rounds) {
    console.log(
      `  ${round.symbol.padEnd(5)} received ${round.received}/${delivery.clients}  p50 ${ms(p50(round.delays))}  p99 ${ms(p99(round.delays))}  max ${ms(round.delays.at(-1) ?? Number.NaN)}  (quote taken in after ${ms(round.answeredMs)})`,
    );
  }
  const all = delivery.rounds.flatMap((round) => round.delays).sort((a, b) => a - b);
  console.log(
    `  all rounds: p50 ${ms(p50(all))}  p99 ${ms(p99(all))}  max ${ms(all.at(-1) ?? Number.NaN)}  (target p99 < 1 s; quote sent -> event arrived)`,
  );
  const missed = delivery.rounds.some((round) => round.received < delivery.clients);
  if (missed) process.exitCode = 1;
}
