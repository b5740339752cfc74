import { systemClock } from '../../apps/server/src/clock.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { AlertStore } from '../../apps/server/src/modules/alerts/alert-store.ts';
import { QuoteAlerts } from '../../apps/server/src/modules/alerts/quote-alerts.ts';
import { benchSymbols, seedAlerts, seeded, seedUsers } from './seed.ts';

/** Rounds run before measuring, while the code is compiled. */
const warmUpRounds = 20;

const silent = { warn: () => {}, info: () => {}, error: () => {} };

export interface EvaluationFigures {
  alerts: number;
  loadMs: number;
  bookMs: number[];
  /** The process's CPU time for the book's work: what a busy machine's waits do not inflate. */
  bookCpuMs: number[];
  roundMs: number[];
  scanMs: number[];
  fired: number;
}

/**
 * One instance's evaluation, in process: `alerts` armed quote alerts over `symbolCount`
 * symbols in a PGlite database, loaded into the book; then `rounds` rounds of a new quote for
 * every symbol (a random walk of about 0.5% a step). Per round: the book's work for all the
 * quotes (until each firing is handed to the database), the round with the firings committed,
 * and, side by side, a scan of every alert against the same quotes.
 */
export async function measureEvaluation(
  symbolCount: number,
  perSymbol: number,
  rounds: number,
): Promise<EvaluationFigures> {
  const database = await openDatabase({});
  try {
    const { db } = database;
    const symbols = benchSymbols(symbolCount);
    const users = await seedUsers(db, 1_000);
    const count = await seedAlerts(db, symbols, users, perSymbol);
    const refuse = async () => {
      throw new Error('not used by the benchmark');
    };
    const store = new AlertStore({
      db,
      clock: systemClock,
      room: { requireEntitlement: refuse, requireRoomFor: refuse },
      lastBarDate: async () => null,
      barAlerts: false,
      earningsAlerts: false,
    });
    // A trading day with the market open, so the day is the same for every round.
    const now = () => Date.parse('2026-03-10T15:00:00Z');
    let fired = 0;
    const quotes = new QuoteAlerts({
      database,
      store,
      log: silent,
      now,
      onFired: (alerts) => {
        fired += alerts.length;
      },
    });
    const loadStarted = performance.now();
    await quotes.start();
    const loadMs = performance.now() - loadStarted;
    const everyAlert = await store.armedQuoteAlerts();

    const random = seeded(7);
    const prices = new Map(symbols.map(({ symbol, price }) => [symbol, price]));
    const bookMs: number[] = [];
    const bookCpuMs: number[] = [];
    const roundMs: number[] = [];
    const scanMs: number[] = [];
    // The first rounds compile the code (as on a server's first quotes): run, not counted.
    for (let round = -warmUpRounds; round < rounds; round++) {
      if (round === 0) fired = 0;
      const quoteOf = new Map<
        string,
        { price: number; previousClose: number; fetchedAt: number }
      >();
      for (const { symbol, price: previousClose } of symbols) {
        const price = Math.round(prices.get(symbol)! * (1 + (random() - 0.5) * 0.01) * 100) / 100;
        prices.set(symbol, price);
        quoteOf.set(symbol, { price, previousClose, fetchedAt: now() });
      }
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      const pending = [...quoteOf].map(([symbol, quote]) => quotes.onQuote(symbol, quote));
      const bookTime = performance.now() - started;
      const cpu = process.cpuUsage(cpuStarted);
      await Promise.all(pending);
      const roundTime = performance.now() - started;
      if (round < 0) continue;
      bookMs.push(bookTime);
      bookCpuMs.push((cpu.user + cpu.system) / 1000);
      roundMs.push(roundTime);

      // The same quotes against every alert, one by one.
      const scanStarted = performance.now();
      let matches = 0;
      for (const alert of everyAlert) {
        const quote = quoteOf.get(alert.symbol)!;
        const change = ((quote.price - quote.previousClose) / quote.previousClose) * 100;
        if (
          (alert.kind === 'price_above' && quote.price >= alert.level) ||
          (alert.kind === 'price_below' && quote.price <= alert.level) ||
          (alert.kind === 'change_up' && change >= alert.level) ||
          (alert.kind === 'change_down' && -change >= alert.level)
        ) {
          matches += 1;
        }
      }
      scanMs.push(performance.now() - scanStarted + (matches < 0 ? 1 : 0));
    }
    await quotes.stop();
    const sort = (values: number[]) => values.sort((a, b) => a - b);
    return {
      alerts: count,
      loadMs,
      bookMs: sort(bookMs),
      bookCpuMs: sort(bookCpuMs),
      roundMs: sort(roundMs),
      scanMs: sort(scanMs),
      fired,
    };
  } finally {
    await database.close();
  }
}
