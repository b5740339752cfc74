// A portfolio of 5,000 transactions over 10 years in 50 symbols: holdings and 1-year
// performance computed in this process with nothing kept between rounds, then asked over HTTP
// one at a time (as a user's screen asks) beside a bare route of the same server, where
// ledgers and answers are kept per version; then a 10,000-row CSV checked and imported into
// an empty portfolio; then "import while serving": /api/health asked one after another, quiet
// and while the largest file a plan allows (50,000 rows) is previewed and imported.
// Run: npm run bench:portfolio   Targets: holdings and 1Y performance p99 < 50 ms; the
// 10,000-row import (upload, check and store) < 3 s; health p99 < 50 ms during the import.
// BENCH_IMPORT_ROWS sets the large file's rows (50,000 by default), BENCH_ROUNDS the asks
// (300). `--holdings-only` measures only the asks over HTTP (what `npm run bench:compare`
// runs), `--target <checkout>` another checkout's server, `--json` prints the figures.
import { csvDocument, csvLine, templateColumns } from '@tickerwise/shared';
import { inviteCodes } from '@tickerwise/testkit';
import {
  type PriceNow,
  portfolioFigures,
} from '../../apps/server/src/modules/portfolio/domain/holdings.ts';
import { sortLedger } from '../../apps/server/src/modules/portfolio/domain/ledger.ts';
import {
  closeScale,
  priceScale,
  units,
} from '../../apps/server/src/modules/portfolio/domain/money.ts';
import { performanceOver } from '../../apps/server/src/modules/portfolio/domain/performance.ts';
import type { CloseSeries } from '../../apps/server/src/modules/portfolio/domain/valuation.ts';
import { readImportFile } from '../../apps/server/src/modules/portfolio/import-rows.ts';
import { candidateEntry } from '../../apps/server/src/modules/portfolio/ledger-store.ts';
import { percentile, signUpAccounts, startBenchApp } from '../support/bench-app.ts';
import { emitFigures, say } from '../support/figures.ts';

const rounds = Number(process.env.BENCH_ROUNDS ?? 300);
const largeImportRows = Number(process.env.BENCH_IMPORT_ROWS ?? 50_000);
const holdingsOnly = process.argv.includes('--holdings-only');

/** 50 listed symbols: stocks of several sectors and two ETFs. */
const symbols = [
  'AAPL',
  'MSFT',
  'GOOGL',
  'AMZN',
  'NVDA',
  'META',
  'TSLA',
  'JPM',
  'V',
  'MA',
  'JNJ',
  'PG',
  'KO',
  'PEP',
  'WMT',
  'HD',
  'DIS',
  'NFLX',
  'INTC',
  'CSCO',
  'ORCL',
  'IBM',
  'ADBE',
  'CRM',
  'QCOM',
  'TXN',
  'AMD',
  'BAC',
  'WFC',
  'C',
  'GS',
  'MS',
  'XOM',
  'CVX',
  'COP',
  'PFE',
  'MRK',
  'ABBV',
  'LLY',
  'UNH',
  'MCD',
  'SBUX',
  'NKE',
  'COST',
  'LOW',
  'CAT',
  'DE',
  'BA',
  'SPY',
  'QQQ',
];

let seed = 20_240_101;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};

function isoDay(start: number, offset: number): string {
  let day = new Date(start + offset * 86_400_000);
  // Trades happen on weekdays.
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day = new Date(day.getTime() + 86_400_000);
  return day.toISOString().slice(0, 10);
}

/**
 * A ledger that stands: deposits, buys, sells of part of what is held, dividends and a few
 * splits, `count` rows spread over `years` years ending last month, as our CSV template.
 */
function ledgerCsv(count: number, years: number): string {
  const end = Date.now() - 30 * 86_400_000;
  const start = end - years * 365 * 86_400_000;
  const step = (end - start) / 86_400_000 / count;
  const held = new Map<string, number>();
  const lines: string[] = [csvLine(templateColumns)];
  for (let index = 0; index < count; index += 1) {
    const date = isoDay(start, Math.floor(index * step));
    const symbol = symbols[Math.floor(random() * symbols.length)]!;
    const roll = random();
    const shares = held.get(symbol) ?? 0;
    const price = (20 + random() * 480).toFixed(2);
    if (index % 50 === 0) {
      lines.push(
        csvLine([date, 'deposit', '', '', '', '', (5_000 + random() * 20_000).toFixed(2), '', '']),
      );
    } else if (roll < 0.2 && shares >= 2) {
      const quantity = Math.floor(shares / 2);
      held.set(symbol, shares - quantity);
      lines.push(csvLine([date, 'sell', symbol, quantity, price, '1.00', '', '', '']));
    } else if (roll < 0.3 && shares > 0) {
      lines.push(
        csvLine([date, 'dividend', symbol, '', '', '', (shares * 0.4).toFixed(2), '', '']),
      );
    } else if (roll < 0.302 && shares > 0) {
      held.set(symbol, shares * 2);
      lines.push(csvLine([date, 'split', symbol, '', '', '', '', '2:1', '']));
    } else {
      const quantity = 1 + Math.floor(random() * 20);
      held.set(symbol, shares + quantity);
      lines.push(csvLine([date, 'buy', symbol, quantity, price, '0.99', '', '', '']));
    }
  }
  return csvDocument(lines);
}

/**
 * The computation alone, in this process and without any kept result: the ledger replayed
 * and priced (holdings), and a year of daily values, returns and SPY (performance), from the
 * same 5,000 transactions and a year of closes for each symbol.
 */
function computeOnly(csv: string) {
  const file = readImportFile({
    csv,
    format: 'tickerwise',
    dateOrder: 'ymd',
    skipOtherSides: false,
    leaveOutUncovered: false,
  });
  const entries = file.rows.map((row, index) => candidateEntry(`t${index}`, index, row.input));
  const calendar: string[] = [];
  for (let day = Date.now() - 366 * 86_400_000; day < Date.now() - 86_400_000; day += 86_400_000) {
    const date = new Date(day);
    if (date.getUTCDay() % 6 !== 0) calendar.push(date.toISOString().slice(0, 10));
  }
  const closes = new Map<string, CloseSeries>();
  const prices = new Map<string, PriceNow>();
  for (const symbol of symbols) {
    let close = 50 + random() * 300;
    const values = calendar.map(() => {
      close *= 1 + (random() - 0.5) / 25;
      return units(close.toFixed(closeScale), closeScale);
    });
    closes.set(symbol, { dates: calendar, closes: values });
    prices.set(symbol, {
      price: units(close.toFixed(priceScale), priceScale),
      previousClose: units((close * 0.99).toFixed(priceScale), priceScale),
      source: 'simulated',
      asOf: new Date().toISOString(),
      delayed: false,
    });
  }
  const holdingsMs: number[] = [];
  const performanceMs: number[] = [];
  for (let index = 0; index < rounds + 20; index += 1) {
    // A fresh array each time: nothing sorted or replayed is reused between rounds.
    const ledger = [...entries];
    let started = performance.now();
    portfolioFigures(ledger, prices, calendar.at(-1)!);
    if (index >= 20) holdingsMs.push(performance.now() - started);
    started = performance.now();
    performanceOver({
      ledgers: [[...entries]],
      range: '1y',
      calendar,
      closes,
      benchmark: closes.get('SPY'),
    });
    if (index >= 20) performanceMs.push(performance.now() - started);
  }
  return {
    holdings: holdingsMs,
    performance: performanceMs,
    transactions: sortLedger(entries).length,
  };
}

async function timed(
  url: string,
  init: RequestInit = {},
): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const response = await fetch(url, init);
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}

const app = await startBenchApp();
try {
  // Alpha Tester: the plan that holds the largest ledgers without a checkout, by invitation
  // (`npm run invite`); a server from before invitations has none to give, and no portfolios.
  const codes = await inviteCodes(app.dataDir, 3).catch(() => []);
  const [owner, importer, bulk] = await signUpAccounts(
    app.url,
    3,
    codes.length > 0 ? 'alpha' : 'free',
    codes,
  );
  const headers = (cookie: string) => ({
    cookie,
    origin: app.url,
    'content-type': 'application/json',
  });
  const createPortfolio = async (cookie: string, name: string) => {
    const answer = await timed(`${app.url}/api/portfolios`, {
      method: 'POST',
      headers: headers(cookie),
      body: JSON.stringify({ name }),
    });
    if (answer.status !== 201) throw new Error(`create portfolio: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body).portfolio.id as string;
  };

  const routes = await fetch(`${app.url}/api/portfolios`, { headers: { cookie: owner! } });
  await routes.arrayBuffer();
  if (routes.status === 404) {
    say('portfolio: the measured server has no portfolios; nothing measured');
    emitFigures('portfolio', [
      { name: 'GET .../holdings p99', value: null, unit: 'ms', better: 'lower', gate: 'p99' },
    ]);
    await app.stop();
    process.exit(0);
  }
  const large = await createPortfolio(owner!, 'Ten years');
  const tenYears = ledgerCsv(5_000, 10);
  const seeded = await timed(`${app.url}/api/portfolios/${large}/imports`, {
    method: 'POST',
    headers: headers(owner!),
    body: JSON.stringify({ csv: tenYears, format: 'tickerwise' }),
  });
  if (seeded.status !== 201) throw new Error(`seed import: ${seeded.status} ${seeded.body}`);

  const holdingsUrl = `${app.url}/api/portfolios/${large}/holdings`;
  const performanceUrl = `${app.url}/api/portfolios/${large}/performance?range=1y`;
  const signedIn = { headers: { cookie: owner! } };
  // The first asks fetch and store every symbol's history; then JIT warm-up.
  const firstHoldings = await timed(holdingsUrl, signedIn);
  const firstPerformance = await timed(performanceUrl, signedIn);
  for (const answer of [firstHoldings, firstPerformance]) {
    if (answer.status !== 200) throw new Error(`first ask: ${answer.status} ${answer.body}`);
  }
  const figures = JSON.parse(firstHoldings.body);
  const points = JSON.parse(firstPerformance.body).points.length;
  for (let index = 0; index < 20; index += 1) {
    await timed(holdingsUrl, signedIn);
    await timed(performanceUrl, signedIn);
    await timed(`${app.url}/api/bench/bare`);
  }

  const samples = { bare: [] as number[], holdings: [] as number[], performance: [] as number[] };
  for (let index = 0; index < rounds; index += 1) {
    samples.bare.push((await timed(`${app.url}/api/bench/bare`)).ms);
    samples.holdings.push((await timed(holdingsUrl, signedIn)).ms);
    samples.performance.push((await timed(performanceUrl, signedIn)).ms);
  }
  const p99Of = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      0.99,
    );
  const p50Of = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      0.5,
    );
  emitFigures('portfolio', [
    { name: 'GET .../holdings p50', value: p50Of(samples.holdings), unit: 'ms', better: 'lower' },
    {
      name: 'GET .../holdings p99',
      value: p99Of(samples.holdings),
      unit: 'ms',
      better: 'lower',
      gate: 'p99',
    },
    {
      name: 'GET .../performance?range=1y p99',
      value: p99Of(samples.performance),
      unit: 'ms',
      better: 'lower',
    },
    { name: 'bare route p99', value: p99Of(samples.bare), unit: 'ms', better: 'lower' },
  ]);
  if (holdingsOnly) {
    say(
      `portfolio: 5,000 transactions, ${rounds} asks each, one at a time: holdings p50 ${p50Of(samples.holdings).toFixed(1)} ms p99 ${p99Of(samples.holdings).toFixed(1)} ms, 1Y performance p99 ${p99Of(samples.performance).toFixed(1)} ms, bare p99 ${p99Of(samples.bare).toFixed(1)} ms`,
    );
    await app.stop();
    process.exit(0);
  }

  const csv = ledgerCsv(10_000, 10);
  const empty = await createPortfolio(importer!, 'Imported');
  const request = JSON.stringify({ csv, format: 'tickerwise' });
  const preview = await timed(`${app.url}/api/portfolios/${empty}/imports/preview`, {
    method: 'POST',
    headers: headers(importer!),
    body: request,
  });
  const imported = await timed(`${app.url}/api/portfolios/${empty}/imports`, {
    method: 'POST',
    headers: headers(importer!),
    body: request,
  });
  if (preview.status !== 200 || imported.status !== 201) {
    throw new Error(`import: ${preview.status} ${imported.status} ${imported.body.slice(0, 300)}`);
  }

  // Import while serving: health asked one after another, quiet, then during a large import.
  const healthUrl = `${app.url}/api/health`;
  const quiet: number[] = [];
  for (let index = 0; index < 300; index += 1) quiet.push((await timed(healthUrl)).ms);
  const largeCsv = ledgerCsv(largeImportRows, 10);
  const largeRequest = JSON.stringify({ csv: largeCsv, format: 'tickerwise' });
  const target = await createPortfolio(bulk!, 'Largest');
  const during: number[] = [];
  let running = true;
  const serving = (async () => {
    while (running) during.push((await timed(healthUrl)).ms);
  })();
  const largePreview = await timed(`${app.url}/api/portfolios/${target}/imports/preview`, {
    method: 'POST',
    headers: headers(bulk!),
    body: largeRequest,
  });
  const largeImport = await timed(`${app.url}/api/portfolios/${target}/imports`, {
    method: 'POST',
    headers: headers(bulk!),
    body: largeRequest,
  });
  running = false;
  await serving;
  if (largePreview.status !== 200 || largeImport.status !== 201) {
    throw new Error(
      `large import: ${largePreview.status} ${largeImport.status} ${largeImport.body.slice(0, 300)}`,
    );
  }

  const computed = computeOnly(tenYears);

  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `  ${name.padEnd(34)} p50 ${percentile(sorted, 0.5).toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 0.99).toFixed(1).padStart(6)} ms`;
  };
  const p99 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      0.99,
    );
  say(
    `portfolio: 5,000 transactions over 10 years in ${figures.holdings.length} held of 50 symbols, ${rounds} asks each, one at a time`,
  );
  say(
    `  first asks (history fetched and stored): holdings ${firstHoldings.ms.toFixed(0)} ms, 1Y performance ${firstPerformance.ms.toFixed(0)} ms (${points} days)`,
  );
  say(row('computed: holdings', computed.holdings));
  say(row('computed: 1Y performance', computed.performance));
  say(row('GET /api/bench/bare', samples.bare));
  say(row('GET .../holdings', samples.holdings));
  say(row('GET .../performance?range=1y', samples.performance));
  say(
    `  ratio p99 holdings/bare ${(p99(samples.holdings) / p99(samples.bare)).toFixed(1)}, performance/bare ${(p99(samples.performance) / p99(samples.bare)).toFixed(1)}`,
  );
  say(
    `  10,000-row CSV (${(csv.length / 1024).toFixed(0)} KB): preview ${preview.ms.toFixed(0)} ms, import ${imported.ms.toFixed(0)} ms (target < 3000 ms)`,
  );
  say(
    `  import while serving: ${largeImportRows.toLocaleString('en-US')}-row CSV (${(largeCsv.length / 1024).toFixed(0)} KB) previewed in ${largePreview.ms.toFixed(0)} ms and imported in ${largeImport.ms.toFixed(0)} ms`,
  );
  say(row('GET /api/health, quiet', quiet));
  say(row(`GET /api/health, during (${during.length})`, during));
  say(
    `  GET /api/health longest: quiet ${Math.max(...quiet).toFixed(1)} ms, during ${Math.max(...during).toFixed(1)} ms`,
  );
  const pass =
    p99(computed.holdings) < 50 &&
    p99(computed.performance) < 50 &&
    p99(samples.holdings) < 50 &&
    p99(samples.performance) < 50 &&
    imported.ms < 3_000 &&
    p99(during) < 50;
  say(`  result: ${pass ? 'PASS' : 'FAIL'}`);
} finally {
  await app.stop();
}
