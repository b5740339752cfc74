// Regenerates src/market-data/reference/universe.json, the list of US-listed stocks and
// ETFs that search, detail pages and the simulated provider know, from public-domain CSVs.
// Usage (from apps/server):
//   node scripts/build-universe.mjs --sp500 constituents.csv --nasdaq nasdaq-listed-symbols.csv \
//     --other other-listed.csv
// Where each file comes from and its licence: src/market-data/reference/README.md.
import { readFileSync, writeFileSync } from 'node:fs';

const output = new URL('../src/market-data/reference/universe.json', import.meta.url);
const ciksOutput = new URL('../src/market-data/reference/sec-ciks.json', import.meta.url);

function argument(name) {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : process.argv[index + 1];
  if (!value) {
    process.stderr.write(`Missing --${name} <path to CSV>\n`);
    process.exit(1);
  }
  return value;
}

/** RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(field);
      if (row.some((value) => value !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  row.push(field);
  if (row.some((value) => value !== '')) rows.push(row);
  const [header, ...body] = rows;
  return body.map((values) =>
    Object.fromEntries(header.map((name, column) => [name.trim(), (values[column] ?? '').trim()])),
  );
}

const read = (name) => parseCsv(readFileSync(argument(name), 'utf8'));

// Exchange codes of the NASDAQ Trader symbol directory's "other listed" file.
const exchangeNames = { A: 'NYSE American', N: 'NYSE', P: 'NYSE Arca', Z: 'Cboe BZX', V: 'IEX' };

const listings = new Map();
for (const row of read('nasdaq')) {
  if (row['Test Issue'] === 'Y') continue;
  listings.set(row.Symbol, {
    exchange: 'NASDAQ',
    etf: row.ETF === 'Y',
    name: row['Security Name'],
  });
}
for (const row of read('other')) {
  if (row['Test Issue'] === 'Y') continue;
  listings.set(row['ACT Symbol'], {
    exchange: exchangeNames[row.Exchange] ?? row.Exchange,
    etf: row.ETF === 'Y',
    name: row['Security Name'],
  });
}

// The product's five tracked stocks keep their fixed display names everywhere.
const trackedNames = {
  AAPL: 'Apple Inc.',
  MSFT: 'Microsoft Corporation',
  GOOGL: 'Alphabet Inc.',
  AMZN: 'Amazon.com, Inc.',
  TSLA: 'Tesla, Inc.',
};

/**
 * Major US-listed ETFs: [symbol, asset class, focus, featured on the ETFs page]. Our own
 * classification; names and exchanges come from the listing files.
 */
const etfs = [
  ['SPY', 'US equity', 'Large blend (S&P 500)', true],
  ['IVV', 'US equity', 'Large blend (S&P 500)', true],
  ['VOO', 'US equity', 'Large blend (S&P 500)', true],
  ['VTI', 'US equity', 'Total market', true],
  ['QQQ', 'US equity', 'Large growth (Nasdaq-100)', true],
  ['DIA', 'US equity', 'Large blend (Dow Jones Industrial Average)', true],
  ['IWM', 'US equity', 'Small blend (Russell 2000)', true],
  ['RSP', 'US equity', 'Large blend (S&P 500 equal weight)', false],
  ['VUG', 'US equity', 'Large growth', false],
  ['VTV', 'US equity', 'Large value', false],
  ['IJH', 'US equity', 'Mid blend (S&P MidCap 400)', false],
  ['MDY', 'US equity', 'Mid blend (S&P MidCap 400)', false],
  ['IJR', 'US equity', 'Small blend (S&P SmallCap 600)', false],
  ['VIG', 'US equity', 'Dividend growth', false],
  ['SCHD', 'US equity', 'Dividend', true],
  ['VYM', 'US equity', 'High dividend yield', false],
  ['VEA', 'International equity', 'Developed markets', true],
  ['EFA', 'International equity', 'Developed markets', false],
  ['IEFA', 'International equity', 'Developed markets', false],
  ['VWO', 'International equity', 'Emerging markets', true],
  ['EEM', 'International equity', 'Emerging markets', false],
  ['IEMG', 'International equity', 'Emerging markets', false],
  ['VXUS', 'International equity', 'Total international', false],
  ['AGG', 'Bonds', 'US aggregate', true],
  ['BND', 'Bonds', 'US aggregate', true],
  ['BNDX', 'Bonds', 'International aggregate', false],
  ['TLT', 'Bonds', 'Long-term Treasury', true],
  ['IEF', 'Bonds', 'Intermediate Treasury', false],
  ['SHY', 'Bonds', 'Short-term Treasury', false],
  ['BIL', 'Bonds', 'Treasury bills', false],
  ['SGOV', 'Bonds', 'Treasury bills', false],
  ['TIP', 'Bonds', 'Inflation-protected Treasury', false],
  ['LQD', 'Bonds', 'Investment-grade corporate', false],
  ['VCIT', 'Bonds', 'Intermediate corporate', false],
  ['VCSH', 'Bonds', 'Short-term corporate', false],
  ['HYG', 'Bonds', 'High-yield corporate', false],
  ['EMB', 'Bonds', 'Emerging-market debt', false],
  ['MUB', 'Bonds', 'Municipal', false],
  ['GLD', 'Commodities', 'Gold', true],
  ['IAU', 'Commodities', 'Gold', false],
  ['SLV', 'Commodities', 'Silver', false],
  ['USO', 'Commodities', 'Crude oil', false],
  ['VNQ', 'Real estate', 'US REITs', true],
  ['XLK', 'Sector equity', 'Information Technology', true],
  ['XLF', 'Sector equity', 'Financials', true],
  ['XLE', 'Sector equity', 'Energy', true],
  ['XLV', 'Sector equity', 'Health Care', true],
  ['XLY', 'Sector equity', 'Consumer Discretionary', false],
  ['XLP', 'Sector equity', 'Consumer Staples', false],
  ['XLI', 'Sector equity', 'Industrials', false],
  ['XLU', 'Sector equity', 'Utilities', false],
  ['XLB', 'Sector equity', 'Materials', false],
  ['XLRE', 'Sector equity', 'Real Estate', false],
  ['XLC', 'Sector equity', 'Communication Services', false],
  ['VGT', 'Sector equity', 'Information Technology', false],
  ['SMH', 'Sector equity', 'Semiconductors', false],
  ['ARKK', 'Thematic equity', 'Disruptive innovation', false],
];

const problems = [];
const entries = [];
/** Each index member's SEC Central Index Key, ten digits, for its EDGAR filings. */
const ciks = {};
for (const row of read('sp500')) {
  const symbol = row.Symbol;
  if (/^\d+$/.test(row.CIK ?? '')) ciks[symbol] = row.CIK.padStart(10, '0');
  const listing = listings.get(symbol);
  // The index list and the exchange files are snapshots of different days: a member missing
  // from the exchange files keeps its place with no exchange rather than stopping the build.
  if (!listing) process.stderr.write(`${symbol}: not in the listing files; exchange unknown\n`);
  entries.push({
    symbol,
    name: trackedNames[symbol] ?? row.Security,
    exchange: listing?.exchange ?? null,
    type: 'stock',
    sector: row['GICS Sector'] || null,
    industry: row['GICS Sub-Industry'] || null,
  });
}
for (const [symbol, sector, industry, featured] of etfs) {
  const listing = listings.get(symbol);
  if (!listing) problems.push(`${symbol}: not in the listing files`);
  else if (!listing.etf) problems.push(`${symbol}: not flagged as an ETF in the listing files`);
  entries.push({
    symbol,
    name: listing?.name ?? symbol,
    exchange: listing?.exchange ?? null,
    type: 'etf',
    sector,
    industry,
    ...(featured ? { featured: true } : {}),
  });
}
if (problems.length > 0) {
  process.stderr.write(`The lists disagree:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
const seen = new Set();
for (const entry of entries) {
  if (seen.has(entry.symbol)) {
    process.stderr.write(`${entry.symbol} appears twice\n`);
    process.exit(1);
  }
  seen.add(entry.symbol);
}
entries.sort((a, b) => a.symbol.localeCompare(b.symbol));
// One entry a line keeps reviews of a regenerated list readable.
writeFileSync(output, `[\n${entries.map((entry) => JSON.stringify(entry)).join(',\n')}\n]\n`);
const cikLines = Object.keys(ciks)
  .sort((a, b) => a.localeCompare(b))
  .map((symbol) => `  ${JSON.stringify(symbol)}: ${JSON.stringify(ciks[symbol])}`);
writeFileSync(ciksOutput, `{\n${cikLines.join(',\n')}\n}\n`);
const count = (type) => entries.filter((entry) => entry.type === type).length;
process.stdout.write(`universe.json: ${count('stock')} stocks, ${count('etf')} ETFs\n`);
