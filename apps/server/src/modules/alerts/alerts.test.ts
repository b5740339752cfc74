import {
  type Alert,
  alertListSchema,
  type CreateAlertInput,
  entitlementsFor,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../../../test/event-stream.ts';
import {
  createTestApp,
  injectAs,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  untilAnnounced,
} from '../../../test/test-app.ts';
import { testClock } from '../../../test/test-clock.ts';
import {
  alertBarChecks,
  alertFirings,
  notifications,
  user as users,
} from '../../db/schema/index.ts';
import { rateTechnicals, readIndicators, technicalHistoryBars } from '../analysis/service.ts';
import { setTier } from '../profiles/service.ts';
import { alertChangeChannel } from './quote-alerts.ts';

const clock = testClock();
let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp({ clock, config: { simulationControl: true } });
  baseUrl = await testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => testApp.close());
afterEach(() => clock.reset());

const db = () => testApp.db.database.db;

/** Tuesday 10 March 2026, 11:00 in New York: a trading day, the market open. */
const tuesday = new Date('2026-03-10T15:00:00Z');
const at = (iso: string) => new Date(iso);

async function userOn(tier: SubscriptionTier): Promise<SignedUpUser> {
  const user = await signUpUser(testApp.app, { plan: tier === 'alpha' ? 'alpha' : 'free' });
  if (tier === 'pro' || tier === 'enterprise') await setTier(db(), user.id, tier);
  return user;
}

const call = (user: SignedUpUser, method: string, url: string, payload?: unknown) =>
  injectAs(testApp.app, user, method, url, payload);

/**
 * Sends a request that makes or changes an alert and returns the answer once this instance's
 * book has heard the database announce that alert's change (`alert_changes`, sent when the
 * change commits): the book listens first, so by then it holds the alert as it now is.
 */
function changeAlert(user: SignedUpUser, method: 'POST' | 'PATCH', url: string, payload: unknown) {
  return untilAnnounced(
    testApp,
    alertChangeChannel,
    async () => {
      const response = await call(user, method, url, payload);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response;
    },
    (announced, response) => JSON.parse(announced).id === response.json().alert.id,
  );
}

/** Sets an alert and returns it once this instance's book holds it. */
async function setAlert(user: SignedUpUser, input: CreateAlertInput): Promise<Alert> {
  const response = await changeAlert(user, 'POST', '/api/alerts', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().alert;
}

/** Changes an alert and returns the answer once this instance's book holds the change. */
const editAlert = (user: SignedUpUser, id: string, payload: unknown) =>
  changeAlert(user, 'PATCH', `/api/alerts/${id}`, payload);

/** The server takes in a quote of `symbol` at `price` (previous close 100 unless given). */
function quote(symbol: string, price: number, previousClose = 100) {
  return testApp.app.alerts.quotes.onQuote(symbol, {
    price,
    previousClose,
    fetchedAt: clock().getTime(),
  });
}

async function alertOf(user: SignedUpUser, id: string): Promise<Alert> {
  return (await call(user, 'GET', `/api/alerts/${id}`)).json().alert;
}

async function firingsOf(id: string) {
  return db().select().from(alertFirings).where(eq(alertFirings.alertId, id));
}

async function notificationsOf(user: SignedUpUser) {
  return db().select().from(notifications).where(eq(notifications.userId, user.id));
}

/**
 * Waits until this instance's book holds an alert of `symbol` again (awake or asleep): the
 * database announces a firing after it commits, and on PostgreSQL that can take a while.
 */
async function bookHolds(symbol: string): Promise<void> {
  const { book } = testApp.app.alerts.quotes;
  const until = Date.now() + 5_000;
  while (!book.symbolsWithAlerts().includes(symbol) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(book.symbolsWithAlerts()).toContain(symbol);
}

describe('price alerts', () => {
  it('fire at the level itself, once, with a notification that names the price and links the stock', async () => {
    clock.set(tuesday);
    const user = await userOn('pro');
    const alert = await setAlert(user, {
      symbol: 'AAPL',
      condition: { kind: 'price_above', level: 200 },
      note: 'Trim the position',
    });
    expect(await quote('AAPL', 199.99)).toEqual([]);
    const fired = await quote('AAPL', 200);
    expect(fired).toHaveLength(1);
    expect(await quote('AAPL', 201)).toEqual([]);

    const after = await alertOf(user, alert.id);
    expect(after).toMatchObject({ state: 'fired', lastFiredAt: tuesday.toISOString() });
    const [notification] = await notificationsOf(user);
    expect(notification).toMatchObject({
      title: 'AAPL rose above $200.00',
      link: '/dashboard/investments/stocks/AAPL',
    });
    expect(notification!.message).toBe(
      'AAPL traded at $200.00 (+100.00% today) at Mar 10, 11:00 AM ET. Your alert: Price above $200.00. Note: Trim the position',
    );
    const firings = await firingsOf(alert.id);
    expect(firings).toMatchObject([{ tradingDay: '2026-03-10', value: 200 }]);
    // The dashboard's Recent Activity lists it; another user's lists nothing of it.
    const recent = await call(user, 'GET', '/api/alerts/firings?limit=5');
    expect(recent.json().firings).toMatchObject([
      { alertId: alert.id, symbol: 'AAPL', title: 'AAPL rose above $200.00' },
    ]);
    const other = await userOn('pro');
    expect((await call(other, 'GET', '/api/alerts/firings')).json()).toEqual({ firings: [] });
    expect((await call(user, 'GET', '/api/alerts/firings?limit=0')).statusCode).toBe(400);
  });

  it('fire when the price gaps through the level, in either direction', async () => {
    clock.set(tuesday);
    const user = await userOn('pro');
    const above = await setAlert(user, {
      symbol: 'MSFT',
      condition: { kind: 'price_above', level: 400 },
    });
    const below = await setAlert(user, {
      symbol: 'MSFT',
      condition: { kind: 'price_below', level: 380 },
    });
    expect(await quote('MSFT', 390)).toEqual([]);
    expect((await quote('MSFT', 455.5)).map((fired) => fired.alertId)).toEqual([above.id]);
    const down = await quote('MSFT', 300);
    expect(down.map((fired) => fired.title)).toEqual(['MSFT fell below $380.00']);
    expect(down[0]!.alertId).toBe(below.id);
  });

  it('day-change alerts compare with the previous close, the level included', async () => {
    clock.set(tuesday);
    const user = await userOn('pro');
    const up = await setAlert(user, {
      symbol: 'NVDA',
      condition: { kind: 'change_up', percent: 5 },
    });
    const down = await setAlert(user, {
      symbol: 'NVDA',
      condition: { kind: 'change_down', percent: 3 },
    });
    expect(await quote('NVDA', 104.99, 100)).toEqual([]);
    expect((await quote('NVDA', 105, 100)).map((fired) => fired.alertId)).toEqual([up.id]);
    expect(await quote('NVDA', 97.01, 100)).toEqual([]);
    const fired = await quote('NVDA', 96, 100);
    expect(fired.map((alert) => alert.alertId)).toEqual([down.id]);
    expect(fired[0]!.title).toBe('NVDA is down 3% or more today');
  });

  it('a daily alert fires at most once a trading day, skips a closed day, and fires again the next session', async () => {
    const user = await userOn('pro');
    clock.set(at('2026-04-02T15:00:00Z')); // Thursday
    const alert = await setAlert(user, {
      symbol: 'KO',
      condition: { kind: 'price_below', level: 6 },
      repeat: 'daily',
    });
    expect(await quote('KO', 5.9)).toHaveLength(1);
    await bookHolds('KO');
    expect(await quote('KO', 5.8)).toEqual([]);
    // Good Friday: the market is closed, the price is still Thursday's.
    clock.set(at('2026-04-03T15:00:00Z'));
    expect(await quote('KO', 5.8)).toEqual([]);
    // Monday before the open is still Thursday's session.
    clock.set(at('2026-04-06T12:00:00Z'));
    expect(await quote('KO', 5.8)).toEqual([]);
    clock.set(at('2026-04-06T14:00:00Z'));
    expect(await quote('KO', 5.8)).toHaveLength(1);
    expect((await alertOf(user, alert.id)).state).toBe('armed');
    const days = (await firingsOf(alert.id)).map((firing) => firing.tradingDay).sort();
    expect(days).toEqual(['2026-04-02', '2026-04-06']);
  });

  it('a paused alert stays quiet; armed again it fires, and a fired one is armed again by an edit', async () => {
    clock.set(tuesday);
    const user = await userOn('pro');
    const alert = await setAlert(user, {
      symbol: 'AMZN',
      condition: { kind: 'price_above', level: 5000 },
    });
    const paused = await editAlert(user, alert.id, { state: 'paused' });
    expect(paused.json().alert.state).toBe('paused');
    expect(await quote('AMZN', 5100)).toEqual([]);
    await editAlert(user, alert.id, { state: 'armed' });
    expect(await quote('AMZN', 5100)).toHaveLength(1);
    expect((await alertOf(user, alert.id)).state).toBe('fired');

    const edited = await editAlert(user, alert.id, {
      condition: { kind: 'price_above', level: 5200 },
    });
    expect(edited.json().alert).toMatchObject({ state: 'armed', condition: { level: 5200 } });
    expect(await quote('AMZN', 5150)).toEqual([]);
    expect(await quote('AMZN', 5200)).toHaveLength(1);
    expect(await firingsOf(alert.id)).toHaveLength(2);
  });

  it('an edited level is never fired on the old one', async () => {
    clock.set(tuesday);
    const user = await userOn('pro');
    const alert = await setAlert(user, {
      symbol: 'META',
      condition: { kind: 'price_above', level: 5000 },
    });
    // The book still holds 5,000 while the edit to 6,000 is on its way.
    await call(user, 'PATCH', `/api/alerts/${alert.id}`, {
      condition: { kind: 'price_above', level: 6000 },
    });
    const candidates = [
      { id: alert.id, level: 5000, figures: { price: 5500, at: clock() }, value: 5500 },
    ];
    const { fireAlerts } = await import('./alert-firing.ts');
    expect(await fireAlerts(db(), candidates, '2026-03-10', clock(), clock())).toEqual([]);
    expect((await alertOf(user, alert.id)).state).toBe('armed');
  });

  it('a quote the server takes in sets alerts off, and the notification reaches an open page live', async () => {
    const user = await userOn('alpha');
    const alert = await setAlert(user, {
      symbol: 'JPM',
      condition: { kind: 'price_above', level: 900 },
    });
    const stream = await openEventStream(`${baseUrl}/api/events`, user.cookie);
    try {
      const moved = await call(user, 'PUT', '/api/simulation/quotes/JPM', { price: 950 });
      // The control is the operator's: a signed-in user is refused.
      expect(moved.statusCode).toBe(403);
      const admin = await userOn('free');
      await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));
      const operator = await call(admin, 'PUT', '/api/simulation/quotes/JPM', { price: 950 });
      expect(operator.statusCode, operator.body).toBe(200);
      await stream.waitFor(
        (event) => event.type === 'change' && event.topic === 'notifications',
        5_000,
      );
      const list = (await call(user, 'GET', '/api/notifications')).json();
      expect(list.notifications[0]).toMatchObject({ title: 'JPM rose above $900.00', read: false });
      expect((await alertOf(user, alert.id)).state).toBe('fired');
    } finally {
      stream.close();
    }
  });
});

/** A symbol's stored bars, as indicator alerts read them (the analyst's run and a month more). */
async function storedBars(symbol: string) {
  const series = await testApp.app.marketData.history.recentBars(symbol, technicalHistoryBars + 30);
  return series.bars;
}

/** The run of bars the analyst rates day `index` on. */
const windowAt = <T>(bars: readonly T[], index: number) =>
  bars.slice(Math.max(0, index + 1 - technicalHistoryBars), index + 1);

/** Acts as if the daily refresh had stored every bar after `date` since the last check. */
async function checkedThrough(symbol: string, date: string) {
  await db()
    .update(alertBarChecks)
    .set({ checkedThrough: date })
    .where(eq(alertBarChecks.symbol, symbol));
}

describe('indicator alerts on stored bars', () => {
  it('a close crossing its SMA 50 fires on the day of the cross, once, read by the analyst', async () => {
    clock.set(tuesday);
    const user = await userOn('pro');
    // The latest cross of the SMA 50 in the last month of some symbol's stored bars.
    let found: { symbol: string; index: number; above: boolean } | undefined;
    for (const symbol of ['AAPL', 'MSFT', 'NVDA', 'KO', 'XOM', 'JPM']) {
      const bars = await storedBars(symbol);
      for (let index = bars.length - 1; index >= bars.length - 25 && !found; index -= 1) {
        const before = readIndicators(windowAt(bars, index - 1));
        const now = readIndicators(windowAt(bars, index));
        const [b, n] = [before.sma[50]!, now.sma[50]!];
        if (before.close <= b && now.close > n) found = { symbol, index, above: true };
        else if (before.close >= b && now.close < n) found = { symbol, index, above: false };
      }
      if (found) break;
    }
    expect(found, 'a cross of the SMA 50 in a month of simulated bars').toBeDefined();
    const { symbol, index, above } = found!;
    const bars = await storedBars(symbol);
    const alert = await setAlert(user, {
      symbol,
      condition: { kind: above ? 'crosses_above_sma' : 'crosses_below_sma', period: 50 },
    });
    const opposite = await setAlert(user, {
      symbol,
      condition: { kind: above ? 'crosses_below_sma' : 'crosses_above_sma', period: 50 },
    });
    // Nothing new since the alerts were set: nothing to check.
    expect(await testApp.app.alerts.bars!.checkSymbol(symbol)).toEqual([]);

    await checkedThrough(symbol, bars[index - 1]!.date);
    const fired = await testApp.app.alerts.bars!.checkSymbol(symbol);
    expect(fired.map((firing) => firing.alertId)).toContain(alert.id);
    const average = readIndicators(windowAt(bars, index)).sma[50]!;
    const [firing] = await firingsOf(alert.id);
    expect(firing).toMatchObject({ tradingDay: bars[index]!.date });
    expect(firing!.value).toBeCloseTo(average, 6);
    expect(await alertOf(user, alert.id)).toMatchObject({ state: 'fired' });
    const [notification] = (await notificationsOf(user)).filter((row) =>
      row.title.startsWith(symbol),
    );
    expect(notification!.link).toBe(`/dashboard/investments/stocks/${symbol}`);
    // Checked again, the same bars fire nothing more.
    await checkedThrough(symbol, bars[index - 1]!.date);
    expect(await testApp.app.alerts.bars!.checkSymbol(symbol)).toEqual([]);
    expect(await alertOf(user, opposite.id)).toMatchObject({ state: 'armed' });
  });

  it('a rating alert fires when the technical rating changes to its label, and only then', async () => {
    clock.set(tuesday);
    const user = await userOn('pro');
    let found: { symbol: string; index: number; label: string } | undefined;
    for (const symbol of ['AAPL', 'MSFT', 'NVDA', 'KO', 'XOM', 'JPM', 'PEP', 'WMT']) {
      const bars = await storedBars(symbol);
      for (let index = bars.length - 1; index >= bars.length - 25 && !found; index -= 1) {
        const before = rateTechnicals(windowAt(bars, index - 1)).overall.label;
        const now = rateTechnicals(windowAt(bars, index)).overall.label;
        if (before && now && before !== now) found = { symbol, index, label: now };
      }
      if (found) break;
    }
    expect(found, 'a change of rating in a month of simulated bars').toBeDefined();
    const { symbol, index, label } = found!;
    const bars = await storedBars(symbol);
    const alert = await setAlert(user, {
      symbol,
      condition: { kind: 'rating_becomes', rating: label as 'buy' },
    });
    await checkedThrough(symbol, bars[index - 1]!.date);
    const computedBefore = testApp.app.analysis.technicals.computed;
    const fired = await testApp.app.alerts.bars!.checkSymbol(symbol);
    expect(fired.map((firing) => firing.alertId)).toEqual([alert.id]);
    expect(await firingsOf(alert.id)).toMatchObject([{ tradingDay: bars[index]!.date }]);
    // Each day from the one before the change to the last is read once...
    const readNow = testApp.app.analysis.technicals.computed - computedBefore;
    expect(readNow).toBe(bars.length - index + 1);
    // ...and the analysis of the last day finds its rating already read.
    const { facts } = await testApp.app.analysis.facts(
      await testApp.app.analysis.security(symbol),
      entitlementsFor('pro').marketData,
    );
    expect(testApp.app.analysis.technicals.computed - computedBefore).toBe(readNow);
    expect(facts.rating.date).toBe(bars.at(-1)!.date);
  });
});

describe('alerts on a closed market', () => {
  /** Thanksgiving 2026, 07:54 in New York: the exchange is closed all day. */
  const thanksgiving = at('2026-11-26T12:54:00Z');

  it('a day-change alert set on Thanksgiving is not fired by the last session’s move, and is in the next session', async () => {
    clock.set(thanksgiving);
    const user = await userOn('pro');
    const response = await changeAlert(user, 'POST', '/api/alerts', {
      symbol: 'AMZN',
      condition: { kind: 'change_up', percent: 1 },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { alert, notice } = response.json();
    expect(notice).toMatch(
      /^The market is closed: day-change alerts are checked during the regular session, from Fri, Nov 27, 9:30 AM ET\. AMZN moved [+−-][\d.]+% in the last session\.$/,
    );
    // The quote of a closed day carries the last session's change: not news.
    expect(await quote('AMZN', 157.26, 155.42)).toEqual([]);
    // Pre-market the next morning: still the last session's move.
    clock.set(at('2026-11-27T13:00:00Z'));
    expect(await quote('AMZN', 157.26, 155.42)).toEqual([]);
    expect(await firingsOf(alert.id)).toEqual([]);
    // In the session it is judged, and the text says "today".
    clock.set(at('2026-11-27T15:00:00Z'));
    expect(await quote('AMZN', 157.26, 155.42)).toHaveLength(1);
    const [notification] = await notificationsOf(user);
    expect(notification!.title).toBe('AMZN is up 1% or more today');
    expect(notification!.message).toBe(
      'AMZN traded at $157.26 (+1.18% today) at Nov 27, 10:00 AM ET. Your alert: Up 1% or more today.',
    );
  });

  it('a price alert fired by a quote on a closed day says when, in New York time, and not "today"', async () => {
    clock.set(thanksgiving);
    const user = await userOn('pro');
    await setAlert(user, { symbol: 'AMZN', condition: { kind: 'price_above', level: 9_000 } });
    expect(await quote('AMZN', 9_010, 8_900)).toHaveLength(1);
    const [notification] = await notificationsOf(user);
    expect(notification!.message).toBe(
      'AMZN was at $9,010.00 (+1.24% in the last session) at Nov 26, 7:54 AM ET, the market closed. Your alert: Price above $9,000.00.',
    );
  });

  it('a price alert set past its level asks first, then fires now or waits for the next crossing', async () => {
    clock.set(thanksgiving);
    const user = await userOn('pro');
    const { quote: latest } = await testApp.app.marketData.market.quote('AAPL');
    const level = Math.floor(latest.price) - 1;
    const levelText = `$${level.toFixed(2)}`;
    const condition = { kind: 'price_above', level } as const;

    const asked = await call(user, 'POST', '/api/alerts', { symbol: 'AAPL', condition });
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toEqual({
      error: {
        code: 'alert_already_met',
        message: `AAPL is already above ${levelText}: fire now, or wait for the next crossing?`,
      },
    });
    expect((await call(user, 'GET', '/api/alerts')).json().alerts).toEqual([]);

    // Fire now: at once, saying the price is above (nothing rose).
    const fireNow = await call(user, 'POST', '/api/alerts', {
      symbol: 'AAPL',
      condition,
      ifAlreadyMet: 'fire_now',
    });
    expect(fireNow.statusCode, fireNow.body).toBe(201);
    expect(fireNow.json().alert).toMatchObject({ state: 'fired', awaitsCross: false });
    const [notification] = await notificationsOf(user);
    expect(notification!.title).toBe(`AAPL is above ${levelText}`);
    expect(notification!.message).toContain('at Nov 26, 7:54 AM ET, the market closed.');
    expect(notification!.message).toContain(
      'It was already past your level when the alert was set.',
    );

    // Wait for the next crossing: quiet above the level until the price has been below it.
    const wait = await changeAlert(user, 'POST', '/api/alerts', {
      symbol: 'AAPL',
      condition,
      ifAlreadyMet: 'wait_for_crossing',
    });
    expect(wait.statusCode, wait.body).toBe(201);
    const waiting = wait.json().alert as Alert;
    expect(waiting).toMatchObject({ state: 'armed', awaitsCross: true });
    expect(await quote('AAPL', level + 5)).toEqual([]);
    expect(await quote('AAPL', level - 1)).toEqual([]);
    const fired = await quote('AAPL', level + 0.5);
    expect(fired).toMatchObject([{ alertId: waiting.id, title: `AAPL rose above ${levelText}` }]);
    expect(await alertOf(user, waiting.id)).toMatchObject({ state: 'fired', awaitsCross: false });

    // An edit to a level already reached asks the same; a level not reached just re-arms.
    const edited = await call(user, 'PATCH', `/api/alerts/${waiting.id}`, {
      condition: { kind: 'price_below', level: level + 10 },
    });
    expect(edited.statusCode).toBe(409);
    expect(edited.json().error.message).toBe(
      `AAPL is already below $${(level + 10).toFixed(2)}: fire now, or wait for the next crossing?`,
    );
    const rearmed = await call(user, 'PATCH', `/api/alerts/${waiting.id}`, {
      condition: { kind: 'price_below', level: level - 50 },
    });
    expect(rearmed.json()).toMatchObject({
      alert: { state: 'armed', awaitsCross: false },
      notice: null,
    });
  });
});

describe('alerts and plans', () => {
  it('a free user is told alerts come with Pro', async () => {
    const user = await userOn('free');
    const response = await call(user, 'POST', '/api/alerts', {
      symbol: 'AAPL',
      condition: { kind: 'price_above', level: 1 },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({
      code: 'upgrade_required',
      message: 'Custom alerts are part of the Pro plan and up. Upgrade to use it.',
      requiredTier: 'pro',
    });
    const list = alertListSchema.parse((await call(user, 'GET', '/api/alerts')).json());
    expect(list).toEqual({ alerts: [], firings: [], allowed: 0 });
  });

  it('Pro allows 50 alerts, exactly, when they are set at once', async () => {
    const user = await userOn('pro');
    const answers = await Promise.all(
      Array.from({ length: 53 }, (_, index) =>
        call(user, 'POST', '/api/alerts', {
          symbol: 'AAPL',
          condition: { kind: 'price_above', level: 1000 + index },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 402)).toHaveLength(3);
    expect(answers.find((answer) => answer.statusCode === 402)!.json().error.message).toBe(
      'Your Pro plan allows 50 custom alerts. Upgrade to Enterprise for more.',
    );
  });

  it('alerts of a user whose plan no longer has them stay idle and say so', async () => {
    clock.set(tuesday);
    const user = await userOn('pro');
    const alert = await setAlert(user, {
      symbol: 'PEP',
      condition: { kind: 'price_above', level: 10_000 },
    });
    await setTier(db(), user.id, 'free');
    expect(await quote('PEP', 10_100)).toEqual([]);
    expect(await alertOf(user, alert.id)).toMatchObject({ state: 'armed', suspended: true });
  });

  it("another user's alert is not found and stays as it was", async () => {
    const owner = await userOn('pro');
    const other = await userOn('pro');
    const alert = await setAlert(owner, {
      symbol: 'AAPL',
      condition: { kind: 'price_below', level: 10 },
    });
    const attempts = await Promise.all([
      call(other, 'GET', `/api/alerts/${alert.id}`),
      call(other, 'PATCH', `/api/alerts/${alert.id}`, { state: 'paused' }),
      call(other, 'DELETE', `/api/alerts/${alert.id}`),
    ]);
    for (const attempt of attempts) expect(attempt.statusCode).toBe(404);
    expect(await alertOf(owner, alert.id)).toMatchObject({ state: 'armed' });
    const theirs = alertListSchema.parse((await call(other, 'GET', '/api/alerts')).json());
    expect(theirs.alerts).toEqual([]);
  });

  it('refuses bad conditions with the field named', async () => {
    const user = await userOn('pro');
    const response = await call(user, 'POST', '/api/alerts', {
      symbol: 'AAPL',
      condition: { kind: 'price_above', level: -5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      'condition.level': 'The price must be above $0',
    });
    const unknown = await call(user, 'POST', '/api/alerts', {
      symbol: 'QQQQQ',
      condition: { kind: 'price_above', level: 5 },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
