import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  type SignedUpUser,
  signUpUser,
  type TestApp,
  testOrigin,
  untilAnnounced,
} from '../../../test/test-app.ts';
import { alertChangeChannel } from '../../modules/alerts/quote-alerts.ts';
import { setTier } from '../../modules/profiles/service.ts';

let testApp: TestApp;
let user: SignedUpUser;

async function send(method: 'POST' | 'DELETE', url: string, payload?: object) {
  const response = await testApp.app.inject({
    method,
    url,
    headers: { cookie: user.cookie, origin: testOrigin },
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.body ? (response.json() as Record<string, { id: string }>) : {};
}

const weight = (symbol: string) => testApp.app.marketData.market.demand.weightOf(symbol);

async function synced() {
  await testApp.app.marketData.standing.sync();
}

beforeAll(async () => {
  testApp = await createTestApp();
  user = await signUpUser(testApp.app);
  await setTier(testApp.db.database.db, user.id, 'pro');
});

afterAll(async () => {
  await testApp.close();
});

describe('standing demand', () => {
  it('keeps watchlist symbols in demand while they are listed, nobody looking', async () => {
    const list = (await send('POST', '/api/watchlists', { name: 'Ideas' })).watchlist!.id;
    await send('POST', `/api/watchlists/${list}/symbols`, { symbol: 'NFLX' });
    await synced();
    expect(weight('NFLX')).toBeGreaterThan(0);
    await send('DELETE', `/api/watchlists/${list}/symbols/NFLX`);
    await synced();
    expect(weight('NFLX')).toBe(0);
  });

  it('keeps held symbols in demand, and forgets them once sold', async () => {
    const portfolio = (await send('POST', '/api/portfolios', { name: 'Main' })).portfolio!.id;
    const trade = (kind: 'buy' | 'sell', date: string) =>
      send('POST', `/api/portfolios/${portfolio}/transactions`, {
        kind,
        date,
        symbol: 'COST',
        quantity: '2',
        price: '900',
      });
    await trade('buy', '2026-03-02');
    await synced();
    expect(weight('COST')).toBeGreaterThan(0);
    await trade('sell', '2026-03-05');
    await synced();
    expect(weight('COST')).toBe(0);
  });

  it('keeps the symbols of armed alerts in demand, ranked above a listed one', async () => {
    const list = (await send('POST', '/api/watchlists', { name: 'More' })).watchlist!.id;
    await send('POST', `/api/watchlists/${list}/symbols`, { symbol: 'ORCL' });
    // The alert book learns of the new alert over the database's notifications.
    await untilAnnounced(
      testApp,
      alertChangeChannel,
      () =>
        send('POST', '/api/alerts', {
          symbol: 'ADBE',
          condition: { kind: 'price_above', level: 10_000 },
        }),
      (announced, created) => JSON.parse(announced).id === created.alert?.id,
    );
    await synced();
    expect(weight('ADBE')).toBeGreaterThan(weight('ORCL'));
    expect(weight('ORCL')).toBeGreaterThan(0);
  });
});
