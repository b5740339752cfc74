import { companyDataSchema, financialStatementsSchema, fundDataSchema } from '@tickerwise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeEtf,
  type FakeFiling,
  type FakeFinnhub,
  startFakeFinnhub,
} from '../../../test/fake-finnhub.ts';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';

/**
 * Financial statements and fund data over HTTP against a fake Finnhub speaking its wire
 * format: statements as reported read into years, quarters (a 10-Q's year to date less the
 * quarter before; the fourth quarter, the 10-K less the first three) and the trailing twelve
 * months; each source asked at most twice a day per symbol, within the call budget; an outage
 * answered with the last figures and their date, never a 5xx; a plan without the ETF
 * endpoints answered with simulated fund figures said to be simulated.
 */

const clock = testClock();
const start = new Date('2026-05-12T15:00:00Z');
const hours = (count: number) => new Date(clock().getTime() + count * 3_600_000);
const billion = 1e9;

type Lines = Record<string, number>;
const lines = (values: Lines, unit = 'usd') =>
  Object.entries(values).map(([concept, value]) => ({
    concept: `us-gaap_${concept}`,
    label: concept,
    unit: concept.startsWith('EarningsPerShare') ? 'usd/share' : unit,
    value,
  }));

function filing(
  head: { year: number; quarter: number; startDate: string; endDate: string },
  ic: Lines,
  bs: Lines,
  cf: Lines,
): FakeFiling {
  const form = head.quarter === 0 ? '10-K' : '10-Q';
  return {
    accessNumber: `0000320193-${head.year}-${head.quarter}`,
    symbol: 'AAPL',
    cik: '320193',
    ...head,
    form,
    startDate: `${head.startDate} 00:00:00`,
    endDate: `${head.endDate} 00:00:00`,
    filedDate: `${head.endDate} 00:00:00`,
    acceptedDate: `${head.endDate} 16:30:00`,
    report: { ic: lines(ic), bs: lines(bs), cf: lines(cf) },
  };
}

const shares = 15 * billion;
const income = (revenue: number, netIncome: number, eps: number): Lines => ({
  RevenueFromContractWithCustomerExcludingAssessedTax: revenue * billion,
  CostOfGoodsAndServicesSold: revenue * 0.55 * billion,
  GrossProfit: revenue * 0.45 * billion,
  OperatingIncomeLoss: revenue * 0.3 * billion,
  NetIncomeLoss: netIncome * billion,
  EarningsPerShareDiluted: eps,
  WeightedAverageNumberOfDilutedSharesOutstanding: shares,
});
const balance = (assets: number, equity: number): Lines => ({
  CashAndCashEquivalentsAtCarryingValue: 30 * billion,
  AssetsCurrent: 150 * billion,
  Assets: assets * billion,
  LiabilitiesCurrent: 160 * billion,
  LongTermDebtNoncurrent: 80 * billion,
  LongTermDebtCurrent: 12 * billion,
  CommercialPaper: 8 * billion,
  Liabilities: (assets - equity) * billion,
  StockholdersEquity: equity * billion,
});
const cashFlow = (operating: number, capex: number): Lines => ({
  NetCashProvidedByUsedInOperatingActivities: operating * billion,
  PaymentsToAcquirePropertyPlantAndEquipment: capex * billion,
  PaymentsOfDividends: 15 * billion,
});

// Fiscal years ending in late September; 10-Q income statements and cash flows year to date.
const annual = [
  filing(
    { year: 2025, quarter: 0, startDate: '2024-09-29', endDate: '2025-09-27' },
    income(416, 112, 7.46),
    balance(359, 74),
    cashFlow(118, 12),
  ),
  filing(
    { year: 2024, quarter: 0, startDate: '2023-10-01', endDate: '2024-09-28' },
    income(390, 94, 6.08),
    balance(365, 57),
    cashFlow(110, 9),
  ),
];
const quarterly = [
  filing(
    { year: 2026, quarter: 2, startDate: '2025-09-28', endDate: '2026-03-28' },
    income(250, 70, 4.72),
    balance(360, 75),
    cashFlow(60, 6),
  ),
  filing(
    { year: 2026, quarter: 1, startDate: '2025-09-28', endDate: '2025-12-27' },
    income(140, 42, 2.84),
    balance(370, 72),
    cashFlow(30, 3),
  ),
  filing(
    { year: 2025, quarter: 3, startDate: '2024-09-29', endDate: '2025-06-28' },
    income(313, 84, 5.6),
    balance(340, 66),
    cashFlow(81, 9),
  ),
  filing(
    { year: 2025, quarter: 2, startDate: '2024-09-29', endDate: '2025-03-29' },
    income(219, 61, 4.06),
    balance(335, 66),
    cashFlow(53, 6),
  ),
  filing(
    { year: 2025, quarter: 1, startDate: '2024-09-29', endDate: '2024-12-28' },
    income(124, 36, 2.4),
    balance(345, 66),
    cashFlow(30, 3),
  ),
];

const spy: FakeEtf = {
  profile: {
    name: 'SPDR S&P 500 ETF Trust',
    assetClass: 'Equity',
    aum: 600_000_000_000,
    nav: 590.1,
    expenseRatio: 0.0945,
    trackingIndex: 'S&P 500',
    etfCompany: 'State Street',
  },
  holdings: {
    atDate: '2026-05-08',
    numberOfHoldings: 503,
    holdings: [
      {
        symbol: 'MSFT',
        name: 'Microsoft Corp',
        percent: 6.9,
        share: 1,
        value: 1,
        assetType: 'Equity',
      },
      {
        symbol: 'NVDA',
        name: 'NVIDIA Corp',
        percent: 7.1,
        share: 1,
        value: 1,
        assetType: 'Equity',
      },
      { symbol: '', name: 'Cash', percent: 0.1, share: 0, value: 1, assetType: 'Other' },
    ],
  },
  sectorExposure: [
    { exposure: 12.4, industry: 'Financials' },
    { exposure: 31.2, industry: 'Information Technology' },
  ],
};

let finnhub: FakeFinnhub;
let testApp: TestApp;
let user: SignedUpUser;

async function get(app: TestApp, path: string, who: SignedUpUser | null) {
  const response = await app.app.inject({ url: path, headers: who ? { cookie: who.cookie } : {} });
  return { status: response.statusCode, body: response.json() as unknown };
}

beforeAll(async () => {
  clock.set(start);
  finnhub = await startFakeFinnhub({ now: () => clock().getTime() });
  finnhub.setFinancials('AAPL', 'annual', annual);
  finnhub.setFinancials('AAPL', 'quarterly', quarterly);
  testApp = await createTestApp({
    clock,
    config: {
      market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null },
    },
  });
  user = await signUpUser(testApp.app);
});
afterAll(async () => {
  await testApp.close();
  await finnhub.close();
  clock.reset();
});
beforeEach(() => finnhub.recover());

const read = async (path: string) => {
  const { status, body } = await get(testApp, path, user);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
};

describe('financial statements from Finnhub', () => {
  it('gives the trailing twelve months and fiscal years, with growth on the year before', async () => {
    const statements = financialStatementsSchema.parse(await read('/api/stocks/AAPL/financials'));
    expect(statements).toMatchObject({
      symbol: 'AAPL',
      source: 'finnhub',
      status: 'ok',
      message: null,
      asOf: start.toISOString(),
    });
    expect(statements.annual.map((period) => period.label)).toEqual(['TTM', 'FY 2025', 'FY 2024']);
    const [ttm, fy2025, fy2024] = statements.annual;
    // Q3 2025 (313 - 219) + Q4 2025 (416 - 313) + Q1 2026 (140) + Q2 2026 (250 - 140).
    expect(ttm!.income.revenue).toBeCloseTo(447 * billion, -3);
    expect(ttm!.income.netIncome).toBeCloseTo(121 * billion, -3);
    expect(ttm!.income.eps).toBeCloseTo(23 / 15 + 28 / 15 + 2.84 + 28 / 15, 9);
    expect(ttm!.endDate).toBe('2026-03-28');
    expect(ttm!.balance).toEqual({
      cash: 30 * billion,
      currentAssets: 150 * billion,
      totalAssets: 360 * billion,
      currentLiabilities: 160 * billion,
      totalDebt: 100 * billion,
      totalLiabilities: 285 * billion,
      totalEquity: 75 * billion,
    });
    expect(fy2025).toMatchObject({
      kind: 'year',
      fiscalYear: 2025,
      startDate: '2024-09-29',
      endDate: '2025-09-27',
    });
    expect(fy2025!.income.eps).toBe(7.46);
    expect(fy2025!.cashFlow).toMatchObject({
      operatingCashFlow: 118 * billion,
      capitalExpenditure: -12 * billion,
      freeCashFlow: 106 * billion,
      dividendsPaid: -15 * billion,
    });
    expect(fy2025!.growth.revenuePercent).toBeCloseTo((416 / 390 - 1) * 100, 9);
    expect(fy2024!.growth).toEqual({
      revenuePercent: null,
      netIncomePercent: null,
      epsPercent: null,
    });
  });

  it('reads quarters out of year-to-date reports, the fourth from the annual one', async () => {
    const { quarterly: quarters } = financialStatementsSchema.parse(
      await read('/api/stocks/AAPL/financials'),
    );
    expect(quarters.map((period) => period.label)).toEqual([
      'Q2 2026',
      'Q1 2026',
      'Q4 2025',
      'Q3 2025',
      'Q2 2025',
      'Q1 2025',
    ]);
    const revenue = quarters.map((period) => (period.income.revenue ?? 0) / billion);
    expect(revenue.map((value) => Math.round(value))).toEqual([110, 140, 103, 94, 95, 124]);
    const [q2, , q4] = quarters;
    expect(q4!.income.netIncome).toBeCloseTo(28 * billion, -3);
    expect(q4!.income.eps).toBeCloseTo(28 / 15, 9);
    expect(q4!.cashFlow.operatingCashFlow).toBeCloseTo(37 * billion, -3);
    expect(q4!.balance.totalAssets).toBe(359 * billion);
    expect(q2!.growth.revenuePercent).toBeCloseTo((110 / 95 - 1) * 100, 6);
  });

  it('asks Finnhub twice (annual, quarterly) per symbol twice a day at most, however many read', async () => {
    const before = finnhub.calls.financials;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => get(testApp, '/api/stocks/MSFT/financials', user)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(finnhub.calls.financials - before).toBe(2);
    clock.set(hours(11));
    await read('/api/stocks/MSFT/financials');
    expect(finnhub.calls.financials - before).toBe(2);
    clock.set(hours(2));
    await read('/api/stocks/MSFT/financials');
    expect(finnhub.calls.financials - before).toBe(4);
  });

  it('serves the last statements with their date through an outage, and says so', async () => {
    const fresh = financialStatementsSchema.parse(await read('/api/stocks/AAPL/financials'));
    clock.set(hours(13));
    for (const failure of ['server_error', 'rate_limited'] as const) {
      finnhub.fail(failure);
      const stale = financialStatementsSchema.parse(await read('/api/stocks/AAPL/financials'));
      expect(stale).toMatchObject({ status: 'stale', asOf: fresh.asOf, annual: fresh.annual });
      expect(stale.message).toMatch(/^Finnhub could not be reached just now/);
    }
  });

  it('answers "unavailable" when Finnhub fails and nothing is kept; a fund has none', async () => {
    finnhub.fail('server_error');
    const none = financialStatementsSchema.parse(await read('/api/stocks/GOOGL/financials'));
    expect(none).toMatchObject({ status: 'unavailable', annual: [], quarterly: [] });
    finnhub.recover();
    const before = finnhub.calls.financials;
    const fund = financialStatementsSchema.parse(await read('/api/stocks/SPY/financials'));
    expect(fund).toMatchObject({ status: 'not_offered', source: null });
    expect(finnhub.calls.financials).toBe(before);
  });

  it('answers 404 for a symbol it does not serve and 401 without a session', async () => {
    expect((await get(testApp, '/api/stocks/ZZZZZ/financials', user)).status).toBe(404);
    expect((await get(testApp, '/api/stocks/AAPL/financials', null)).status).toBe(401);
    expect((await get(testApp, '/api/stocks/SPY/fund', null)).status).toBe(401);
  });
});

describe('fund data from Finnhub', () => {
  it('on a plan without the ETF endpoints, shows simulated figures said to be simulated, asking once a day', async () => {
    const before = finnhub.calls.etf;
    const fund = fundDataSchema.parse(await read('/api/stocks/QQQ/fund'));
    expect(fund).toMatchObject({ source: 'simulated', status: 'ok' });
    expect(fund.message).toBe(
      'Simulated fund figures, not the fund’s: this server’s Finnhub plan does not include fund data.',
    );
    expect(fund.expenseRatioPercent).toBeGreaterThan(0);
    expect(fund.topHoldings.length).toBeGreaterThan(0);
    expect(finnhub.calls.etf - before).toBeLessThanOrEqual(3);
    await read('/api/stocks/VOO/fund');
    expect(finnhub.calls.etf - before).toBeLessThanOrEqual(3);
  });

  it('says a company is not a fund', async () => {
    const stock = fundDataSchema.parse(await read('/api/stocks/AAPL/fund'));
    expect(stock).toMatchObject({ status: 'not_offered', topHoldings: [] });
  });

  describe('on a paid plan', () => {
    let paid: FakeFinnhub;
    let paidApp: TestApp;
    let reader: SignedUpUser;
    beforeAll(async () => {
      paid = await startFakeFinnhub({ now: () => clock().getTime(), plan: 'paid' });
      paid.setEtf('SPY', spy);
      paidApp = await createTestApp({
        clock,
        config: {
          market: { provider: 'finnhub', apiKey: paid.apiKey, baseUrl: paid.url, stream: null },
        },
      });
      reader = await signUpUser(paidApp.app);
    });
    afterAll(async () => {
      await paidApp.close();
      await paid.close();
    });

    it('gives expense ratio, assets, holdings and sectors, largest first, with the key statistics’ yield', async () => {
      const { body } = await get(paidApp, '/api/stocks/SPY/fund', reader);
      const fund = fundDataSchema.parse(body);
      const { metrics } = companyDataSchema.parse(
        (await get(paidApp, '/api/stocks/SPY/profile', reader)).body,
      );
      expect(fund).toMatchObject({
        source: 'finnhub',
        status: 'ok',
        expenseRatioPercent: 0.0945,
        assetsUnderManagement: 600_000_000_000,
        holdingsCount: 503,
        holdingsAsOf: '2026-05-08',
        dividendYieldPercent: metrics.dividendYieldPercent,
      });
      expect(fund.topHoldings).toEqual([
        { symbol: 'NVDA', name: 'NVIDIA Corp', weightPercent: 7.1 },
        { symbol: 'MSFT', name: 'Microsoft Corp', weightPercent: 6.9 },
        { symbol: null, name: 'Cash', weightPercent: 0.1 },
      ]);
      expect(fund.sectorWeights.map((entry) => entry.sector)).toEqual([
        'Information Technology',
        'Financials',
      ]);
      const calls = paid.calls.etf;
      await get(paidApp, '/api/stocks/SPY/fund', reader);
      expect(paid.calls.etf).toBe(calls);
    });

    it('keeps the fund’s figures with their date through an outage', async () => {
      const fresh = fundDataSchema.parse((await get(paidApp, '/api/stocks/SPY/fund', reader)).body);
      clock.set(hours(25));
      paid.fail('server_error');
      const { status, body } = await get(paidApp, '/api/stocks/SPY/fund', reader);
      expect(status).toBe(200);
      expect(fundDataSchema.parse(body)).toMatchObject({
        status: 'stale',
        asOf: fresh.asOf,
        expenseRatioPercent: 0.0945,
      });
      paid.recover();
    });
  });
});

describe('statements and fund data within the Finnhub call budget', () => {
  let tight: FakeFinnhub;
  let tightApp: TestApp;
  let reader: SignedUpUser;
  beforeAll(async () => {
    tight = await startFakeFinnhub({ now: () => clock().getTime(), plan: 'paid' });
    tight.setFinancials('AAPL', 'annual', annual);
    tight.setFinancials('AAPL', 'quarterly', quarterly);
    tight.setEtf('SPY', spy);
    // Four calls a minute: the statements take two, and the fund's three no longer fit.
    tightApp = await createTestApp({
      clock,
      config: {
        market: {
          provider: 'finnhub',
          apiKey: tight.apiKey,
          baseUrl: tight.url,
          stream: null,
          callsPerMinute: 4,
        },
      },
    });
    reader = await signUpUser(tightApp.app);
  });
  afterAll(async () => {
    await tightApp.close();
    await tight.close();
  });

  it('asks for statements or fund figures only when the budget has room for every call they need', async () => {
    const before = tight.calls.total;
    const statements = financialStatementsSchema.parse(
      (await get(tightApp, '/api/stocks/AAPL/financials', reader)).body,
    );
    expect(statements.status).toBe('ok');
    expect(tight.calls.financials).toBe(2);
    const fund = fundDataSchema.parse((await get(tightApp, '/api/stocks/SPY/fund', reader)).body);
    expect(fund.status).not.toBe('ok');
    expect(tight.calls.etf).toBe(0);
    expect(tight.calls.total - before).toBeLessThanOrEqual(4);
  });
});

describe('statements and fund data on an offline server', () => {
  let offline: TestApp;
  let reader: SignedUpUser;
  beforeAll(async () => {
    offline = await createTestApp({ clock });
    reader = await signUpUser(offline.app);
  });
  afterAll(() => offline.close());

  it('gives simulated statements, said to be simulated, that agree with the key statistics', async () => {
    const { body } = await get(offline, '/api/stocks/KO/financials', reader);
    const statements = financialStatementsSchema.parse(body);
    expect(statements).toMatchObject({ source: 'simulated', status: 'ok' });
    expect(statements.message).toMatch(/^Simulated statements, not the company’s/);
    expect(statements.annual.map((period) => period.label)[0]).toBe('TTM');
    expect(statements.annual).toHaveLength(6);
    expect(statements.quarterly).toHaveLength(20);
    const { metrics } = companyDataSchema.parse(
      (await get(offline, '/api/stocks/KO/profile', reader)).body,
    );
    const ttm = statements.annual[0]!.income;
    const round = (value: number) => Math.round(value * 100) / 100;
    expect(round(ttm.eps!)).toBe(metrics.eps);
    expect(round((ttm.netIncome! / ttm.revenue!) * 100)).toBe(metrics.netMarginPercent);
    expect(round(statements.annual[0]!.growth.revenuePercent!)).toBe(metrics.revenueGrowthPercent);
  });

  it('gives a fund simulated figures with the key statistics’ yield', async () => {
    const fund = fundDataSchema.parse((await get(offline, '/api/stocks/XLK/fund', reader)).body);
    const { metrics } = companyDataSchema.parse(
      (await get(offline, '/api/stocks/XLK/profile', reader)).body,
    );
    expect(fund).toMatchObject({
      source: 'simulated',
      status: 'ok',
      message:
        'Simulated fund figures, not the fund’s: this server runs offline on simulated prices.',
      dividendYieldPercent: metrics.dividendYieldPercent,
    });
    expect(fund.sectorWeights).toEqual([{ sector: 'Information Technology', weightPercent: 100 }]);
    expect(fund.topHoldings).toHaveLength(10);
    const weights = fund.topHoldings.map((holding) => holding.weightPercent);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));
  });
});
