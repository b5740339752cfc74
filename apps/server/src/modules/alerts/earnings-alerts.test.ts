import { type Alert, alertSchema, type CreateAlertInput } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  type FakeEarningsDate,
  type FakeFinnhub,
  startFakeFinnhub,
} from '../../../test/fake-finnhub.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import { alertFirings, notifications } from '../../db/schema/index.ts';
import { setTier } from '../profiles/service.ts';

/**
 * Earnings alerts ("AAPL reports in 3 days") against a fake of Finnhub's earnings calendar:
 * judged on the research's kept earnings, fired through the alerts' one transition with a
 * notification and a pending email, once per report however often or from where it is checked.
 */

const clock = testClock();
/** Monday 16 March 2026, 11:00 in New York. */
const monday = new Date('2026-03-16T15:00:00Z');
const at = (iso: string) => new Date(iso);

function report(symbol: string, date: string, quarter = 1, hour = 'amc'): FakeEarningsDate {
  return {
    date,
    epsActual: null,
    epsEstimate: 1.62,
    hour,
    quarter,
    revenueActual: null,
    revenueEstimate: 94_000_000_000,
    symbol,
    year: 2026,
  };
}

let finnhub: FakeFinnhub;
let testApp: TestApp;
const db = () => testApp.db.database.db;

beforeAll(async () => {
  clock.set(monday);
  finnhub = await startFakeFinnhub({ now: () => clock().getTime() });
  testApp = await createTestApp({
    clock,
    config: {
      market: { provider: 'finnhub', apiKey: finnhub.apiKey, baseUrl: finnhub.url, stream: null },
    },
  });
});
afterAll(async () => {
  await testApp.close();
  await finnhub.close();
  clock.reset();
});
beforeEach(() => finnhub.recover());

async function proUser(): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app);
  await setTier(db(), user.id, 'pro');
  return user;
}

async function setAlert(user: SignedUpUser, input: CreateAlertInput): Promise<Alert> {
  const response = await injectAs(testApp.app, user, 'POST', '/api/alerts', input);
  expect(response.statusCode, response.body).toBe(201);
  return alertSchema.parse(response.json().alert);
}

const check = () => testApp.app.alerts.earnings!.checkAll();
const firingsOf = (id: string) =>
  db().select().from(alertFirings).where(eq(alertFirings.alertId, id));

describe('earnings alerts', () => {
  it('fire once when the report is as close as asked, with a notification and a pending email', async () => {
    clock.set(monday);
    finnhub.setEarningsCalendar('AAPL', [report('AAPL', '2026-03-19')]);
    const user = await proUser();
    const alert = await setAlert(user, {
      symbol: 'aapl',
      condition: { kind: 'earnings_within', days: 2 },
    });
    expect(alert).toMatchObject({
      condition: { kind: 'earnings_within', days: 2 },
      state: 'armed',
      repeat: 'once',
    });
    // Three days away: not yet.
    expect(await check()).toEqual([]);
    clock.set(at('2026-03-17T13:00:00Z'));
    const fired = await check();
    expect(fired.map((firing) => [firing.alertId, firing.title])).toEqual([
      [alert.id, 'AAPL reports in 2 days'],
    ]);
    const [firing] = await firingsOf(alert.id);
    expect(firing).toMatchObject({
      tradingDay: '2026-03-19',
      title: 'AAPL reports in 2 days',
      message:
        "AAPL reports its Q1 2026 results on Mar 19, 2026, after the close. EPS estimate $1.62 (Finnhub's earnings calendar). Your alert: Earnings report within 2 days.",
      value: null,
      emailState: 'pending',
    });
    const [notification] = await db()
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(notification).toMatchObject({
      title: 'AAPL reports in 2 days',
      link: '/dashboard/investments/stocks/AAPL',
    });
    // Checked again (the next hour, the next day): once is once.
    clock.set(at('2026-03-18T13:00:00Z'));
    expect(await check()).toEqual([]);
    expect(await firingsOf(alert.id)).toHaveLength(1);
    const shown = await injectAs(testApp.app, user, 'GET', `/api/alerts/${alert.id}`);
    expect(shown.json().alert.state).toBe('fired');
  });

  it('fire once across checks at once, as from two instances', async () => {
    clock.set(monday);
    finnhub.setEarningsCalendar('NVDA', [report('NVDA', '2026-03-17', 4, 'bmo')]);
    const user = await proUser();
    const alert = await setAlert(user, {
      symbol: 'NVDA',
      condition: { kind: 'earnings_within', days: 1 },
      repeat: 'daily',
    });
    const [first, second] = await Promise.all([check(), check()]);
    const titles = [...first, ...second]
      .filter((firing) => firing.alertId === alert.id)
      .map((firing) => firing.title);
    expect(titles).toEqual(['NVDA reports tomorrow']);
    expect(await firingsOf(alert.id)).toHaveLength(1);
  });

  it('with "every report", tell of each report once, not again when its date moves', async () => {
    clock.set(monday);
    finnhub.setEarningsCalendar('MSFT', [report('MSFT', '2026-03-18')]);
    const user = await proUser();
    const alert = await setAlert(user, {
      symbol: 'MSFT',
      condition: { kind: 'earnings_within', days: 3 },
      repeat: 'daily',
    });
    expect((await check()).map((firing) => firing.title)).toContain('MSFT reports in 2 days');
    // The calendar moves the report two days later; the kept earnings are read again after
    // six hours.
    finnhub.setEarningsCalendar('MSFT', [report('MSFT', '2026-03-20')]);
    clock.set(at('2026-03-17T15:00:00Z'));
    const moved = await injectAs(testApp.app, user, 'GET', '/api/stocks/MSFT/earnings');
    expect(moved.json().next.date).toBe('2026-03-20');
    expect((await check()).filter((firing) => firing.alertId === alert.id)).toEqual([]);
    // The next quarter's report is a new one.
    finnhub.setEarningsCalendar('MSFT', [report('MSFT', '2026-06-18', 2)]);
    clock.set(at('2026-06-16T14:00:00Z'));
    const next = await check();
    expect(next.filter((firing) => firing.alertId === alert.id).map((f) => f.title)).toEqual([
      'MSFT reports in 2 days',
    ]);
    expect((await firingsOf(alert.id)).map((firing) => firing.tradingDay).sort()).toEqual([
      '2026-03-18',
      '2026-06-18',
    ]);
  });

  it('say "today" on the report’s day, and never fire for a report already past', async () => {
    clock.set(at('2026-03-19T13:00:00Z'));
    finnhub.setEarningsCalendar('AMZN', [report('AMZN', '2026-03-19', 1, 'bmo')]);
    const user = await proUser();
    const alert = await setAlert(user, {
      symbol: 'AMZN',
      condition: { kind: 'earnings_within', days: 1 },
    });
    const fired = (await check()).filter((firing) => firing.alertId === alert.id);
    expect(fired.map((firing) => firing.title)).toEqual(['AMZN reports today']);

    finnhub.setEarningsCalendar('META', [report('META', '2026-03-18')]);
    const late = await setAlert(user, {
      symbol: 'META',
      condition: { kind: 'earnings_within', days: 5 },
    });
    expect((await check()).filter((firing) => firing.alertId === late.id)).toEqual([]);
  });

  it('are refused on a fund, and outside 1 to 14 days', async () => {
    const user = await proUser();
    const fund = await injectAs(testApp.app, user, 'POST', '/api/alerts', {
      symbol: 'SPY',
      condition: { kind: 'earnings_within', days: 3 },
    });
    expect(fund.statusCode).toBe(400);
    expect(fund.json().error).toEqual({
      code: 'no_earnings_reports',
      message: 'SPY is a fund: funds report no earnings, so an earnings alert would never fire.',
    });
    for (const days of [0, 15, 2.5]) {
      const wrong = await injectAs(testApp.app, user, 'POST', '/api/alerts', {
        symbol: 'AAPL',
        condition: { kind: 'earnings_within', days },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('validation_failed');
    }
  });

  it('keep quiet through an outage with nothing kept, and fire from the kept report', async () => {
    clock.set(monday);
    finnhub.setEarningsCalendar('GOOGL', [report('GOOGL', '2026-03-18')]);
    const user = await proUser();
    const alert = await setAlert(user, {
      symbol: 'GOOGL',
      condition: { kind: 'earnings_within', days: 1 },
    });
    // Read once while Finnhub answers (two days away: not yet).
    expect((await check()).filter((firing) => firing.alertId === alert.id)).toEqual([]);
    clock.set(at('2026-03-17T14:00:00Z'));
    finnhub.fail('server_error');
    const fired = (await check()).filter((firing) => firing.alertId === alert.id);
    expect(fired.map((firing) => firing.title)).toEqual(['GOOGL reports tomorrow']);
  });
});
