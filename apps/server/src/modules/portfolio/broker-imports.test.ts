import { readFileSync } from 'node:fs';
import {
  type BrokerMapping,
  type BrokerPresetId,
  brokerPresets,
  findHeaderRow,
  type HoldingsResponse,
  type ImportPreview,
  parseCsv,
  presetMapping,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';
import { splitRatioOf } from './imports.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

const fixtures = new URL(
  '../../../../../packages/shared/test/fixtures/broker-exports/',
  import.meta.url,
);
const sample = (name: string) => readFileSync(new URL(name, fixtures), 'utf8');

function call(user: SignedUpUser, method: 'GET' | 'POST', url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, ...(method === 'GET' ? {} : { origin: testOrigin }) },
    ...(payload ? { payload } : {}),
  });
}

/** A new user's portfolio and the request the import dialog sends for a broker's file. */
async function setUp(preset: BrokerPresetId, file: string) {
  const user = await signUpUser(testApp.app);
  const created = await call(user, 'POST', '/api/portfolios', { name: 'Imported' });
  const portfolioId: string = created.json().portfolio.id;
  const csv = sample(file);
  const rows = parseCsv(csv);
  const headers = rows[findHeaderRow(rows)]!.map((header) => header.trim());
  const request = {
    csv,
    format: 'broker',
    preset,
    dateOrder: brokerPresets[preset].dateOrder,
    mapping: presetMapping(preset, headers) as BrokerMapping,
  };
  const base = `/api/portfolios/${portfolioId}`;
  return {
    request,
    preview: async (extra: object = {}): Promise<ImportPreview> => {
      const response = await call(user, 'POST', `${base}/imports/preview`, {
        ...request,
        ...extra,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
    commit: (extra: object = {}) => call(user, 'POST', `${base}/imports`, { ...request, ...extra }),
    holdings: async () => {
      const response = await call(user, 'GET', `${base}/holdings`);
      const body: HoldingsResponse = response.json();
      return Object.fromEntries(body.holdings.map((holding) => [holding.symbol, holding.quantity]));
    },
    cash: async () =>
      ((await call(user, 'GET', `${base}/holdings`)).json() as HoldingsResponse).totals.cash,
  };
}

describe('importing real broker exports through their presets', () => {
  it('Schwab: reinvested dividends buy shares and a split given as shares added is a ratio', async () => {
    const file = await setUp('schwab', 'schwab-transactions.csv');
    const strict = await file.preview();
    // The money fund is not covered: its rows are errors until the user leaves them out.
    expect(strict.notCovered).toEqual([{ symbol: 'SWVXX', rows: 3 }]);
    expect(strict.valid).toBe(false);
    expect((await file.commit()).statusCode).toBe(400);

    const preview = await file.preview({ leaveOutUncovered: true });
    expect(preview.errors).toEqual([]);
    expect(preview).toMatchObject({ valid: true, rowCount: 26, importable: 21, skipped: 5 });
    const leftOutFund = 'We have no market data for SWVXX: left out, as you chose.';
    expect(preview.skippedRows).toEqual([
      { row: 20, reason: leftOutFund },
      { row: 21, reason: leftOutFund },
      {
        row: 22,
        reason: '"Credit Interest": Interest is not a kind of transaction the ledger records.',
      },
      { row: 24, reason: leftOutFund },
      { row: 28, reason: 'A total line, not a transaction.' },
    ]);
    expect(preview.rows.filter((row) => row.kind === 'split')).toMatchObject([
      { row: 6, symbol: 'SCHD', ratio: '3:1' },
      { row: 8, symbol: 'AVGO', ratio: '10:1' },
    ]);
    const commit = await file.commit({ leaveOutUncovered: true });
    expect(commit.statusCode, commit.body).toBe(201);
    expect(commit.json()).toEqual({ imported: 21, skipped: 5 });
    // 0.9828 shares bought, 0.0172 reinvested, then 10 for 1; SCHD 20, 3 for 1, 10 sold.
    expect(await file.holdings()).toEqual({ AVGO: '10', SCHD: '50', VTI: '5' });
  });

  it('Trading 212: fractional shares to ten decimals, deposits and dividends', async () => {
    const file = await setUp('trading212', 'trading212-history.csv');
    const preview = await file.preview({ leaveOutUncovered: true });
    expect(preview.errors).toEqual([]);
    expect(preview.notCovered).toEqual([{ symbol: 'VUSA', rows: 1 }]);
    expect(preview.skippedRows).toEqual([
      { row: 6, reason: 'We have no market data for VUSA: left out, as you chose.' },
      {
        row: 8,
        reason: '"Interest on cash": Interest is not a kind of transaction the ledger records.',
      },
    ]);
    expect(preview.rows.map((row) => row.kind)).toEqual([
      'deposit',
      'buy',
      'buy',
      'buy',
      'dividend',
      'sell',
      'withdrawal',
    ]);
    const commit = await file.commit({ leaveOutUncovered: true });
    expect(commit.json()).toEqual({ imported: 7, skipped: 2 });
    expect(await file.holdings()).toEqual({ AAPL: '1.5', NVDA: '0.358528', MSFT: '0.029053' });
  });

  it('Interactive Brokers: compact dates, and the side from the sign of the quantity', async () => {
    const file = await setUp('ibkr', 'ibkr-flex-trades.csv');
    const preview = await file.preview({ leaveOutUncovered: true });
    expect(preview.errors).toEqual([]);
    expect(preview.notCovered).toEqual([{ symbol: 'ASML', rows: 1 }]);
    expect(preview.rows.map((row) => [row.kind, row.date, row.symbol, row.fees])).toEqual([
      ['buy', '2023-04-03', 'MSFT', '1'],
      ['buy', '2023-04-03', 'KO', '1'],
      ['sell', '2023-09-12', 'MSFT', '1.0128'],
      ['buy', '2023-10-20', 'QQQ', '1'],
      ['sell', '2023-11-28', 'KO', '1.0367'],
    ]);
    const commit = await file.commit({ leaveOutUncovered: true });
    expect(commit.json()).toEqual({ imported: 5, skipped: 1 });
    expect(await file.holdings()).toEqual({ MSFT: '10', QQQ: '8' });
  });

  it('Fidelity: blank lines above the header, notes below, fees in two columns', async () => {
    const file = await setUp('fidelity', 'fidelity-history.csv');
    const preview = await file.preview({ leaveOutUncovered: true });
    expect(preview.errors).toEqual([]);
    expect(preview.notCovered).toEqual([
      { symbol: 'FXAIX', rows: 1 },
      { symbol: 'SPAXX', rows: 2 },
    ]);
    expect(preview.skippedRows.map((skipped) => skipped.row)).toEqual([8, 11, 12, 14, 19, 20, 22]);
    const sale = preview.rows.find((row) => row.kind === 'sell');
    expect(sale).toMatchObject({ row: 7, symbol: 'AAPL', quantity: '5', fees: '0.02' });
    const commit = await file.commit({ leaveOutUncovered: true });
    expect(commit.json()).toEqual({ imported: 9, skipped: 7 });
    expect(await file.holdings()).toEqual({ AAPL: '15', JNJ: '10' });
  });

  it('refuses an import of which every row is left out', async () => {
    const file = await setUp('schwab', 'schwab-transactions.csv');
    const onlyInterest = [
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"',
      '"09/28/2023","Credit Interest","","SCHWAB1 INT 08/30-09/27","","","","$0.12"',
    ].join('\r\n');
    const preview = await file.preview({ csv: onlyInterest });
    expect(preview).toMatchObject({ valid: true, importable: 0, skipped: 1 });
    const commit = await file.commit({ csv: onlyInterest });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error).toEqual({
      code: 'import_empty',
      message:
        'Nothing was imported: every row of the file is left out (the preview lists each with its reason).',
    });
  });
});

describe('a split given as the shares it added', () => {
  const shares = (text: string) => BigInt(Math.round(Number(text) * 1e8));

  it('is read as the ratio of whole numbers it is, within the rounding of share counts', () => {
    expect(splitRatioOf(shares('1'), shares('10'))).toEqual([10, 1]);
    expect(splitRatioOf(shares('20'), shares('30'))).toEqual([3, 2]);
    expect(splitRatioOf(shares('50'), shares('5'))).toEqual([1, 10]);
    // 0.0123 shares, 10 for 1, the shares added rounded to 4 decimals by the broker.
    expect(splitRatioOf(shares('0.0123'), shares('0.1230'))).toEqual([10, 1]);
    expect(splitRatioOf(shares('0.0123'), shares('0.1231'))).toEqual([10, 1]);
    expect(splitRatioOf(shares('3'), shares('3'))).toBeUndefined();
    expect(splitRatioOf(0n, shares('9'))).toBeUndefined();
    // 3 shares becoming 3.7 is no split (37 for 30), nor is 1 becoming 2,000.
    expect(splitRatioOf(shares('3'), shares('3.7'))).toBeUndefined();
    expect(splitRatioOf(shares('1'), shares('2000'))).toBeUndefined();
  });
});
