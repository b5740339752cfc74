import {
  type HoldingsResponse,
  type ImportPreview,
  type PerformanceResponse,
  type Portfolio,
  revalueHoldings,
  type Transaction,
} from '@tickerwise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
} from '../../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

function call(user: SignedUpUser, method: Method, url: string, payload?: object) {
  return testApp.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, ...(method === 'GET' ? {} : { origin: testOrigin }) },
    ...(payload ? { payload } : {}),
  });
}

async function newPortfolio(user: SignedUpUser, name = 'Main'): Promise<Portfolio> {
  const response = await call(user, 'POST', '/api/portfolios', { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().portfolio;
}

async function add(user: SignedUpUser, portfolio: Portfolio, body: object): Promise<Transaction> {
  const response = await call(user, 'POST', `/api/portfolios/${portfolio.id}/transactions`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().transaction;
}

const buy = (symbol: string, date: string, quantity: string, price: string, fees = '0') => ({
  kind: 'buy',
  date,
  symbol,
  quantity,
  price,
  fees,
});
const sell = (symbol: string, date: string, quantity: string, price: string, fees = '0') => ({
  kind: 'sell',
  date,
  symbol,
  quantity,
  price,
  fees,
});

describe('portfolios', () => {
  it('are kept per user, within the plan: Free keeps one', async () => {
    const user = await signUpUser(testApp.app);
    const first = await newPortfolio(user, 'Retirement');
    expect(first).toMatchObject({ name: 'Retirement', transactionCount: 0 });
    const second = await call(user, 'POST', '/api/portfolios', { name: 'Trading' });
    expect(second.statusCode).toBe(402);
    expect(second.json().error.code).toBe('upgrade_required');
    const list = await call(user, 'GET', '/api/portfolios');
    expect(list.json()).toMatchObject({ allowed: 1, portfolios: [{ name: 'Retirement' }] });
  });

  it('never pass the limit when created at once from several tabs', async () => {
    const user = await signUpUser(testApp.app);
    const answers = await Promise.all(
      ['A', 'B', 'C', 'D', 'E'].map((name) => call(user, 'POST', '/api/portfolios', { name })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 402, 402, 402, 402]);
    const list = await call(user, 'GET', '/api/portfolios');
    expect(list.json().portfolios).toHaveLength(1);
  });

  it('refuse an empty or duplicate name with a field error, and can be renamed', async () => {
    const user = await signUpUser(testApp.app, { plan: 'alpha' });
    const portfolio = await newPortfolio(user, 'Growth');
    await newPortfolio(user, 'Income');
    const empty = await call(user, 'POST', '/api/portfolios', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ name: 'Enter a name' });
    const taken = await call(user, 'PATCH', `/api/portfolios/${portfolio.id}`, { name: 'Income' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields.name).toBe('You already have a portfolio named "Income".');
    const renamed = await call(user, 'PATCH', `/api/portfolios/${portfolio.id}`, {
      name: 'Long term',
    });
    expect(renamed.json().portfolio.name).toBe('Long term');
  });

  it('are not found by another user, whatever they try, and stay as they were', async () => {
    const owner = await signUpUser(testApp.app);
    const other = await signUpUser(testApp.app);
    const portfolio = await newPortfolio(owner);
    const transaction = await add(owner, portfolio, buy('AAPL', '2024-01-03', '5', '180'));
    const base = `/api/portfolios/${portfolio.id}`;
    const attempts: [Method, string, object?][] = [
      ['GET', base],
      ['PATCH', base, { name: 'Mine now' }],
      ['DELETE', base],
      ['GET', `${base}/holdings`],
      ['GET', `${base}/performance?range=1y`],
      ['GET', `${base}/transactions`],
      ['POST', `${base}/transactions`, buy('AAPL', '2024-01-04', '1', '1')],
      ['PUT', `${base}/transactions/${transaction.id}`, buy('AAPL', '2024-01-03', '500', '1')],
      ['DELETE', `${base}/transactions/${transaction.id}`],
      [
        'POST',
        `${base}/imports/preview`,
        { csv: 'date,type\n2024-01-02,deposit', format: 'tickerwise' },
      ],
      [
        'POST',
        `${base}/imports`,
        { csv: 'date,type,amount\n2024-01-02,deposit,5', format: 'tickerwise' },
      ],
      ['GET', `${base}/exports/transactions.csv`],
      ['GET', `${base}/exports/holdings.csv`],
    ];
    for (const [method, url, payload] of attempts) {
      const answer = await call(other, method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.body).not.toContain('AAPL');
    }
    const own = await call(owner, 'GET', `${base}/transactions`);
    expect(own.json().transactions).toEqual([transaction]);
    expect((await call(owner, 'GET', base)).json().portfolio.name).toBe('Main');
    expect((await call(other, 'GET', '/api/portfolios/not-an-id')).statusCode).toBe(404);
  });
});

describe('transactions', () => {
  let user: SignedUpUser;
  let portfolio: Portfolio;
  beforeAll(async () => {
    user = await signUpUser(testApp.app);
    portfolio = await newPortfolio(user);
  });
  const path = () => `/api/portfolios/${portfolio.id}/transactions`;

  it('are stored exactly as typed, with the cash they moved', async () => {
    const stored = await add(
      user,
      portfolio,
      buy('msft', '2024-02-01', '0.12345678', '401.234567', '1.5'),
    );
    expect(stored).toMatchObject({
      kind: 'buy',
      symbol: 'MSFT',
      quantity: '0.12345678',
      price: '401.234567',
      fees: '1.5',
      // 0.12345678 x 401.234567 = 49.53512766651426, plus 1.50 in fees, to the last digit.
      cashEffect: '-51.03512766651426',
    });
  });

  it('refuse a sell of more than was held on its date, under the quantity', async () => {
    await add(user, portfolio, buy('AAPL', '2024-03-01', '10', '170'));
    const tooMany = await call(user, 'POST', path(), sell('AAPL', '2024-03-05', '10.5', '175'));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toEqual({
      code: 'validation_failed',
      message: 'You held 10 AAPL on 2024-03-05: a sell of 10.5 is more than that.',
      fields: { quantity: 'You held 10 AAPL on 2024-03-05: a sell of 10.5 is more than that.' },
    });
    const before = await call(user, 'POST', path(), sell('AAPL', '2024-02-28', '1', '175'));
    expect(before.json().error.fields.quantity).toBe(
      'You held no AAPL on 2024-02-28, so there is nothing to sell.',
    );
  });

  it('refuse a future date, a non-positive quantity or price, and an unknown symbol', async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: [object, Record<string, string>][] = [
      [buy('AAPL', future, '1', '1'), { date: 'The date cannot be in the future' }],
      [buy('AAPL', '2024-03-01', '0', '1'), { quantity: 'The quantity must be more than 0' }],
      [buy('AAPL', '2024-03-01', '1', '-2'), { price: 'The price must be more than 0' }],
    ];
    for (const [body, fields] of cases) {
      const answer = await call(user, 'POST', path(), body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.fields).toEqual(fields);
    }
    const unknown = await call(user, 'POST', path(), buy('ZZZZZ', '2024-03-01', '1', '1'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.symbol).toMatch(/no market data for ZZZZZ/);
  });

  it('cannot be changed or deleted so that a later one becomes impossible', async () => {
    const bought = await add(user, portfolio, buy('KO', '2024-01-10', '20', '60'));
    await add(user, portfolio, sell('KO', '2024-02-10', '15', '62'));
    const removal = await call(user, 'DELETE', `${path()}/${bought.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().error.message).toBe(
      'That would leave the sell of 15 KO on 2024-02-10 impossible. You held no KO on 2024-02-10, so there is nothing to sell.',
    );
    const shrink = await call(
      user,
      'PUT',
      `${path()}/${bought.id}`,
      buy('KO', '2024-01-10', '10', '60'),
    );
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().error.fields.quantity).toMatch(/sell of 15 KO on 2024-02-10 impossible/);
    const grown = await call(
      user,
      'PUT',
      `${path()}/${bought.id}`,
      buy('KO', '2024-01-10', '30', '59.5'),
    );
    expect(grown.statusCode).toBe(200);
    expect(grown.json().transaction).toMatchObject({
      id: bought.id,
      quantity: '30',
      price: '59.5',
    });
  });

  it('added at once from two tabs keep the ledger whole: one sell of the last shares fails', async () => {
    const user = await signUpUser(testApp.app);
    const own = await newPortfolio(user);
    await add(user, own, buy('PEP', '2024-01-10', '8', '160'));
    const url = `/api/portfolios/${own.id}/transactions`;
    const answers = await Promise.all([
      call(user, 'POST', url, sell('PEP', '2024-02-01', '8', '165')),
      call(user, 'POST', url, sell('PEP', '2024-02-02', '8', '166')),
      call(user, 'POST', url, buy('PEP', '2024-01-11', '1', '161')),
      call(user, 'POST', url, buy('PEP', '2024-01-12', '1', '161')),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.slice(2)).toEqual([201, 201]);
    // 10 shares at most were held: two sells of 8 cannot both stand.
    expect(statuses.slice(0, 2).sort()).toEqual([201, 400]);
    const failed = answers.find((answer) => answer.statusCode === 400)!;
    // Which sell loses, and whether the buys were in by then, depends on arrival.
    expect(failed.json().error.fields.quantity).toMatch(/You held (no|\d+) PEP on 2024-02-0[12]/);
    const page = await call(user, 'GET', `${url}?limit=50`);
    expect(page.json().total).toBe(4);
  });

  it('are listed newest first, a page at a time', async () => {
    const user = await signUpUser(testApp.app);
    const own = await newPortfolio(user);
    for (let day = 1; day <= 5; day += 1) {
      await add(user, own, { kind: 'deposit', date: `2024-04-0${day}`, amount: String(day) });
    }
    const url = `/api/portfolios/${own.id}/transactions`;
    const first = (await call(user, 'GET', `${url}?limit=2`)).json();
    expect(first.transactions.map((item: Transaction) => item.amount)).toEqual(['5', '4']);
    expect(first.total).toBe(5);
    const second = (await call(user, 'GET', `${url}?limit=2&before=${first.next}`)).json();
    expect(second.transactions.map((item: Transaction) => item.amount)).toEqual(['3', '2']);
    const last = (await call(user, 'GET', `${url}?limit=2&before=${second.next}`)).json();
    expect(last).toMatchObject({ next: null, transactions: [{ amount: '1' }] });
  });
});

describe('holdings and performance through the API', () => {
  it('follow the ledger to the cent and say where every price comes from', async () => {
    const user = await signUpUser(testApp.app);
    const portfolio = await newPortfolio(user);
    const url = `/api/portfolios/${portfolio.id}/transactions`;
    // The reference ledger of domain/reference-portfolio.test.ts on real symbols.
    for (const body of [
      { kind: 'deposit', date: '2024-01-02', amount: '10000' },
      buy('AAPL', '2024-01-03', '50', '100', '5'),
      buy('MSFT', '2024-01-04', '20', '150'),
      buy('AAPL', '2024-01-05', '30', '110', '5'),
      { kind: 'dividend', date: '2024-01-08', symbol: 'AAPL', amount: '40', fees: '6' },
      sell('AAPL', '2024-01-09', '60', '120', '7'),
      { kind: 'split', date: '2024-01-10', symbol: 'MSFT', splitTo: '2', splitFrom: '1' },
      sell('MSFT', '2024-01-11', '10', '80'),
      { kind: 'withdrawal', date: '2024-01-12', amount: '2000' },
      { kind: 'fee', date: '2024-01-12', amount: '12' },
      { kind: 'dividend', date: '2024-01-16', symbol: 'MSFT', amount: '15' },
    ]) {
      expect((await call(user, 'POST', url, body)).statusCode).toBe(201);
    }
    const answer = await call(user, 'GET', `/api/portfolios/${portfolio.id}/holdings`);
    expect(answer.statusCode, answer.body).toBe(200);
    const figures: HoldingsResponse = answer.json();
    const aapl = figures.holdings.find((holding) => holding.symbol === 'AAPL')!;
    const msft = figures.holdings.find((holding) => holding.symbol === 'MSFT')!;
    expect(aapl).toMatchObject({
      name: 'Apple Inc.',
      type: 'stock',
      quantity: '20',
      costBasis: '2203.33',
      averageCost: '110.17',
      realisedGain: '1086.33',
      dividends: '34.00',
      fees: '17.00',
      priceSource: { source: 'simulated' },
    });
    expect(msft).toMatchObject({ quantity: '30', costBasis: '2250.00', realisedGain: '50.00' });
    expect(figures.totals).toMatchObject({
      cash: '6030.00',
      costBasis: '4453.33',
      realisedGain: '1136.33',
      dividends: '49.00',
      fees: '29.00',
      netContributions: '9310.00',
    });
    // Values at today's simulated prices: each the shares times the price, summed to the cent.
    for (const holding of figures.holdings) {
      const value = (Number(holding.quantity) * Number(holding.price)).toFixed(2);
      expect(holding.marketValue).toBe(value);
    }
    const cents = (text: string) => Math.round(Number(text) * 100);
    expect(cents(figures.totals.totalValue)).toBe(
      cents(aapl.marketValue) + cents(msft.marketValue) + cents(figures.totals.cash),
    );
    expect(cents(figures.totals.totalGain)).toBe(cents(figures.totals.totalValue) - 931000);
    expect(figures.prices.sources).toEqual(['simulated']);
    // Each holding's day change is from its day base; every total is the sum of its rows.
    for (const holding of figures.holdings) {
      const base = holding.dayBase!;
      expect(cents(base)).toBe(
        Math.round(Number(holding.quantity) * Number(holding.previousClose) * 100),
      );
      expect(cents(holding.dayChange!)).toBe(cents(holding.marketValue) - cents(base));
      expect(cents(holding.unrealisedGain)).toBe(
        cents(holding.marketValue) - cents(holding.costBasis),
      );
    }
    const sum = (field: 'marketValue' | 'costBasis' | 'dayChange' | 'unrealisedGain') =>
      figures.holdings.reduce((total, holding) => total + cents(holding[field]!), 0);
    for (const field of ['marketValue', 'costBasis', 'dayChange', 'unrealisedGain'] as const) {
      expect(cents(figures.totals[field]!), field).toBe(sum(field));
    }
    // A browser revaluing the answer at the same prices taken later gets the same figures.
    const later = (asOf: string | null) => new Date(Date.parse(asOf!) + 1000).toISOString();
    const samePrices = new Map(
      figures.holdings.map((holding) => [
        holding.symbol,
        { price: Number(holding.price), asOf: later(holding.priceSource.asOf) },
      ]),
    );
    const revalued = revalueHoldings(figures, samePrices);
    expect(revalued).not.toBe(figures);
    expect({
      ...revalued,
      holdings: revalued.holdings.map((holding, index) => ({
        ...holding,
        priceSource: figures.holdings[index]!.priceSource,
      })),
      prices: figures.prices,
    }).toEqual(figures);
    expect(figures.allocation.byType.map((slice) => slice.key).sort()).toEqual(['cash', 'stock']);

    const performance: PerformanceResponse = (
      await call(user, 'GET', `/api/portfolios/${portfolio.id}/performance?range=all`)
    ).json();
    expect(performance.benchmark.symbol).toBe('SPY');
    expect(performance.closes.sources).toEqual(['simulated']);
    expect(performance.points.length).toBeGreaterThan(100);
    expect(performance.points[0]).toMatchObject({ value: 0, return: 0 });
    expect(performance.netFlows).toBe('9310.00');
    expect(performance.timeWeightedReturn).not.toBeNull();
    expect(performance.benchmark.return).not.toBeNull();

    const summary = (await call(user, 'GET', '/api/portfolios/summary')).json();
    expect(summary).toMatchObject({ portfolioCount: 1, transactionCount: 11, cash: '6030.00' });
    expect(summary).toMatchObject({
      netContributions: '9310.00',
      holdings: figures.holdings.map((holding) => ({
        symbol: holding.symbol,
        quantity: holding.quantity,
        // Prices may have ticked since the holdings were asked for; the day's base has not.
        marketValue: expect.stringMatching(/^\d+\.\d\d$/),
        asOf: expect.any(String),
        dayBase: holding.dayBase,
      })),
    });
    const activity = (await call(user, 'GET', '/api/portfolios/activity?limit=2')).json();
    expect(activity.transactions.map((item: Transaction) => item.kind)).toEqual([
      'dividend',
      'fee',
    ]);
  });

  it('are empty, not an error, for a portfolio without transactions', async () => {
    const user = await signUpUser(testApp.app);
    const portfolio = await newPortfolio(user);
    const holdings = (await call(user, 'GET', `/api/portfolios/${portfolio.id}/holdings`)).json();
    expect(holdings).toMatchObject({ holdings: [], totals: { totalValue: '0.00' } });
    const performance = (
      await call(user, 'GET', `/api/portfolios/${portfolio.id}/performance`)
    ).json();
    expect(performance).toMatchObject({ range: '1m', points: [], timeWeightedReturn: null });
    const summary = (await call(user, 'GET', '/api/portfolios/summary')).json();
    expect(summary).toMatchObject({ transactionCount: 0, totalValue: '0.00' });
  });
});

describe('CSV import and export', () => {
  const template = (rows: string[]) =>
    ['date,type,symbol,quantity,price,fees,amount,ratio,note', ...rows].join('\n');

  it('lists every bad row with its number and reason, and imports nothing', async () => {
    const user = await signUpUser(testApp.app);
    const portfolio = await newPortfolio(user);
    const csv = template([
      '2024-01-02,deposit,,,,,5000,,',
      '2024-01-03,buy,AAPL,10,185.50,1,,,',
      '2024-01-04,purchase,AAPL,1,1,,,,',
      '2024-01-05,buy,AAPL,0,185,,,,',
      '2024-01-06,sell,AAPL,12,190,,,,',
      '2024-13-01,buy,AAPL,1,1,,,,',
      '2024-01-08,split,AAPL,,,,,two for one,',
    ]);
    const preview = await call(user, 'POST', `/api/portfolios/${portfolio.id}/imports/preview`, {
      csv,
      format: 'tickerwise',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const body: ImportPreview = preview.json();
    expect(body).toMatchObject({ rowCount: 7, valid: false, importable: 0 });
    expect(body.errors).toEqual([
      { row: 4, column: 'type', message: '"purchase" is not a transaction type.' },
      { row: 5, column: 'quantity', message: 'The quantity must be more than 0' },
      // The ledger is checked with the readable rows too: every problem shows at once.
      {
        row: 6,
        column: 'quantity',
        message: 'You held 10 AAPL on 2024-01-06: a sell of 12 is more than that.',
      },
      { row: 7, column: 'date', message: '"2024-13-01" is not a date in the chosen order.' },
      {
        row: 8,
        column: 'ratio',
        message: 'Write the split ratio as new:old shares, e.g. 2:1 or 1:10.',
      },
    ]);
    const commit = await call(user, 'POST', `/api/portfolios/${portfolio.id}/imports`, {
      csv,
      format: 'tickerwise',
    });
    expect(commit.statusCode).toBe(400);
    expect(commit.json().error.code).toBe('import_invalid');
    const page = (await call(user, 'GET', `/api/portfolios/${portfolio.id}/transactions`)).json();
    expect(page.total).toBe(0);

    // With the schema's errors fixed, the ledger's own check finds the sell of 12 of 10 held.
    const ledgerError = await call(
      user,
      'POST',
      `/api/portfolios/${portfolio.id}/imports/preview`,
      {
        csv: template([
          '2024-01-02,deposit,,,,,5000,,',
          '2024-01-03,buy,AAPL,10,185.50,1,,,',
          '2024-01-06,sell,AAPL,12,190,,,,',
        ]),
        format: 'tickerwise',
      },
    );
    expect(ledgerError.json().errors).toEqual([
      {
        row: 4,
        column: 'quantity',
        message: 'You held 10 AAPL on 2024-01-06: a sell of 12 is more than that.',
      },
    ]);
  });

  it('imports a fixed file whole, in one transaction, and exports it back the same', async () => {
    const user = await signUpUser(testApp.app);
    const portfolio = await newPortfolio(user);
    const csv = template([
      '2024-01-02,deposit,,,,,5000,,Opening deposit',
      '2024-01-03,buy,AAPL,10,185.50,1,,,',
      '2024-01-08,dividend,AAPL,,,0.36,2.40,,',
      '2024-01-10,split,AAPL,,,,,2:1,',
      '2024-01-11,sell,AAPL,5,93,1,,,"Trim, partly"',
    ]);
    const request = { csv, format: 'tickerwise' };
    const preview = (
      await call(user, 'POST', `/api/portfolios/${portfolio.id}/imports/preview`, request)
    ).json();
    expect(preview).toMatchObject({
      valid: true,
      importable: 5,
      firstDate: '2024-01-02',
      lastDate: '2024-01-11',
    });
    expect(preview.rows[3]).toMatchObject({ row: 5, kind: 'split', ratio: '2:1' });
    const commit = await call(user, 'POST', `/api/portfolios/${portfolio.id}/imports`, request);
    expect(commit.statusCode).toBe(201);
    expect(commit.json()).toEqual({ imported: 5, skipped: 0 });

    const exported = await call(
      user,
      'GET',
      `/api/portfolios/${portfolio.id}/exports/transactions.csv`,
    );
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="main-transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(exported.body.split('\r\n')).toEqual([
      'date,type,symbol,quantity,price,fees,amount,ratio,note',
      '2024-01-02,deposit,,,,,5000,,Opening deposit',
      '2024-01-03,buy,AAPL,10,185.5,1,,,',
      '2024-01-08,dividend,AAPL,,,0.36,2.4,,',
      '2024-01-10,split,AAPL,,,,,2:1,',
      '2024-01-11,sell,AAPL,5,93,1,,,"Trim, partly"',
      '',
    ]);
    // The export imports into an empty portfolio as the same ledger.
    const other = await signUpUser(testApp.app);
    const copy = await newPortfolio(other);
    const again = await call(other, 'POST', `/api/portfolios/${copy.id}/imports`, {
      csv: exported.body,
      format: 'tickerwise',
    });
    expect(again.json()).toEqual({ imported: 5, skipped: 0 });

    const holdings = await call(other, 'GET', `/api/portfolios/${copy.id}/exports/holdings.csv`);
    const [header, aapl, cash] = holdings.body.split('\r\n');
    expect(header).toMatch(/^symbol,name,type,sector,quantity,average_cost,cost_basis,price/);
    // 20 shares after the split, 5 sold: 15 left costing 1,856.00 x 15/20 = 1,392.00.
    expect(aapl).toMatch(/^AAPL,Apple Inc\.,stock,[^,]*,15,92\.80,1392\.00,/);
    expect(cash).toMatch(/^CASH,Cash,,,,,3610\.04,,3610\.04,/);
  });

  it('exports a note a spreadsheet would run as a formula, in full-width signs too, as text', async () => {
    const user = await signUpUser(testApp.app);
    const portfolio = await newPortfolio(user);
    const csv = template([
      '2024-01-02,deposit,,,,,5000,,"\uff1dHYPERLINK(""http://x.example"",""open"")"',
      '2024-01-03,buy,AAPL,10,185.50,1,,,\uff0b1+1',
    ]);
    const commit = await call(user, 'POST', `/api/portfolios/${portfolio.id}/imports`, {
      csv,
      format: 'tickerwise',
    });
    expect(commit.statusCode, commit.body).toBe(201);
    const exported = await call(
      user,
      'GET',
      `/api/portfolios/${portfolio.id}/exports/transactions.csv`,
    );
    expect(exported.body.split('\r\n').slice(1, 3)).toEqual([
      '2024-01-02,deposit,,,,,5000,,"\'\uff1dHYPERLINK(""http://x.example"",""open"")"',
      "2024-01-03,buy,AAPL,10,185.5,1,,,'\uff0b1+1",
    ]);
  });

  it('reads a broker export through a column mapping, listing every row it leaves out', async () => {
    const user = await signUpUser(testApp.app);
    const portfolio = await newPortfolio(user);
    const csv = [
      'Run Date;Action;Symbol;Quantity;Price ($);Commission',
      '01/03/2024;YOU BOUGHT;AAPL;10;$185.50;$1.00',
      '01/04/2024;INTEREST;;;;',
      '01/05/2024;YOU SOLD;AAPL;-4;"$1,190.00";',
      '01/06/2024;MERGER;AAPL;;;',
    ].join('\r\n');
    const request = {
      csv,
      format: 'broker',
      dateOrder: 'mdy',
      mapping: {
        date: 'Run Date',
        symbol: 'Symbol',
        side: 'Action',
        quantity: 'Quantity',
        price: 'Price ($)',
        fees: 'Commission',
      },
    };
    const strict = (
      await call(user, 'POST', `/api/portfolios/${portfolio.id}/imports/preview`, {
        ...request,
        csv: `${csv}\r\n01/08/2024;YOU BOUGHT;ZZZZZ;1;$10.00;`,
      })
    ).json();
    // Errors name the file's own columns; interest is left out, and said so.
    expect(strict.errors).toEqual([
      {
        row: 5,
        column: 'Action',
        message:
          '"MERGER" is not an action we know: a buy, sell, dividend, split, deposit, withdrawal or fee.',
      },
      { row: 6, column: 'Symbol', message: 'We have no market data for ZZZZZ.' },
    ]);
    expect(strict.skippedRows).toEqual([
      {
        row: 3,
        reason: '"INTEREST": Interest is not a kind of transaction the ledger records.',
      },
    ]);
    expect(strict.notCovered).toEqual([{ symbol: 'ZZZZZ', rows: 1 }]);
    const lenient = { ...request, skipOtherSides: true };
    const preview = (
      await call(user, 'POST', `/api/portfolios/${portfolio.id}/imports/preview`, lenient)
    ).json();
    expect(preview.skippedRows.map((skipped: { row: number }) => skipped.row)).toEqual([3, 5]);
    const commit = await call(user, 'POST', `/api/portfolios/${portfolio.id}/imports`, lenient);
    expect(commit.json()).toEqual({ imported: 2, skipped: 2 });
    const page = (await call(user, 'GET', `/api/portfolios/${portfolio.id}/transactions`)).json();
    expect(page.transactions).toMatchObject([
      { kind: 'sell', date: '2024-01-05', quantity: '4', price: '1190', fees: '0' },
      { kind: 'buy', date: '2024-01-03', quantity: '10', price: '185.5', fees: '1' },
    ]);
  });
});
