import {
  type Alert,
  type AlertFiring,
  alertDetailSchema,
  alertListSchema,
  entitlementsFor,
  parseTickerSymbol,
} from '@tickerwise/shared';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { PublicApi } from '../../public-api/public-api.ts';
import type { AlertStore } from './alert-store.ts';

/** Stands for an alert of the key's owner; the tests call the routes with one of theirs. */
const exampleAlertId = '3d6b8f20-7c1e-4f0a-b5d2-9e4a1c7f0b38';

const exampleAlert: Alert = {
  id: exampleAlertId,
  symbol: 'AAPL',
  condition: { kind: 'price_above', level: 240 },
  repeat: 'once',
  note: 'Take some profit',
  state: 'fired',
  lastFiredAt: '2026-01-29T15:31:04.000Z',
  createdAt: '2026-01-12T10:02:45.000Z',
  awaitsCross: false,
  suspended: false,
  email: true,
  destinationIds: ['5b2e9c14-8a7d-4f63-9e01-c4d8b3a2f716'],
  shared: null,
};

const exampleFiring: AlertFiring = {
  id: 'a9e0c4d2-51f3-4b7e-8c06-2d1f3e5b7a90',
  alertId: exampleAlertId,
  symbol: 'AAPL',
  title: 'AAPL is above $240.00',
  message: 'Apple Inc. traded at $240.12, above your level of $240.00.',
  value: 240.12,
  tradingDay: '2026-01-29',
  firedAt: '2026-01-29T15:31:04.000Z',
};

const alertQuery = z.object({
  symbol: z
    .string()
    .max(20)
    .optional()
    .meta({ description: "Only this symbol's alerts and firings: `AAPL`, `brk.b`." }),
});

const conditionNote =
  '`condition.kind` is one of `price_above`, `price_below` (`level` in dollars), `change_up`, `change_down` (`percent` against the previous close), `crosses_above_sma`, `crosses_below_sma` (`period` 50 or 200), `rsi_above`, `rsi_below` (`level` of RSI 14), `rating_becomes` (`rating`) and `earnings_within` (`days`, 1 to 14: the next earnings report is that close). `state` is `armed`, `fired` (a once-alert that went off) or `paused`; `suspended` is true while the plan does not include alerts.';

/**
 * The key owner's alerts in the public API (docs/PRODUCT.md §3.20), as the Alerts screen
 * lists them; another user's alert answers 404.
 */
export function alertPublicRoutes(api: PublicApi, { store }: { store: AlertStore }): void {
  api.get('/alerts', {
    operationId: 'listAlerts',
    tag: 'Alerts',
    summary: 'Your alerts and their recent firings',
    description: `Every alert you set, and your team’s (with \`shared\` saying the team, your role and whether you set it; null for your own), by symbol, with the last 100 times any of yours went off (newest first) and how many alerts your plan allows at once. ${conditionNote}`,
    query: alertQuery,
    exampleQuery: {},
    response: alertListSchema,
    example: { alerts: [exampleAlert], firings: [exampleFiring], allowed: 100 },
    errors: { 400: 'The symbol is not a valid ticker.' },
    handler: async ({ caller, query }) => {
      const symbol = query.symbol === undefined ? undefined : parseTickerSymbol(query.symbol);
      if (query.symbol !== undefined && !symbol) {
        throw new AppError(400, 'invalid_symbol', `${query.symbol} is not a valid ticker.`);
      }
      const [alerts, firings] = await Promise.all([
        store.list(caller.userId, symbol),
        store.firings(caller.userId),
      ]);
      return {
        alerts,
        firings: symbol ? firings.filter((firing) => firing.symbol === symbol) : firings,
        allowed: entitlementsFor(caller.tier).customAlerts,
      };
    },
  });

  api.get('/alerts/{id}', {
    operationId: 'getAlert',
    tag: 'Alerts',
    summary: 'One of your alerts and every time it went off',
    description: conditionNote,
    params: z.object({
      id: z.string().max(100).meta({ description: 'The alert id (from `listAlerts`)' }),
    }),
    exampleParams: { id: exampleAlertId },
    response: alertDetailSchema,
    example: { alert: exampleAlert, firings: [exampleFiring] },
    errors: { 404: 'You have no alert with this id.' },
    handler: async ({ caller, params }) => {
      const alert = await store.get(caller.userId, params.id);
      return { alert, firings: await store.firingsOf(caller.userId, alert.id) };
    },
  });
}
