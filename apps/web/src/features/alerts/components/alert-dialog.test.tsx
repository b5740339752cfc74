import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alert, DestinationList, NotificationSettings } from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './alert-dialog.tsx';

const question = 'AAPL is already above $185.00: fire now, or wait for the next crossing?';
const requests: { method: string; body: Record<string, unknown> }[] = [];

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const savedAlert = (body: Record<string, unknown>): Alert => ({
  id: 'a1',
  symbol: 'AAPL',
  condition: body.condition as Alert['condition'],
  repeat: 'once',
  note: null,
  state: body.ifAlreadyMet === 'fire_now' ? 'fired' : 'armed',
  lastFiredAt: null,
  createdAt: '2026-11-26T12:54:00.000Z',
  awaitsCross: body.ifAlreadyMet === 'wait_for_crossing',
  suspended: false,
  email: body.email !== false,
  destinationIds: (body.destinationIds as string[] | undefined) ?? [],
  shared: null,
});

/** Settings > Notifications as the server tells it; the tests change it. */
let notificationSettings: NotificationSettings;
const settingsOf = (
  preferences: Partial<NotificationSettings['preferences']> = {},
  emailVerified = true,
): NotificationSettings => ({
  preferences: {
    alertEmails: true,
    alertEmailDefault: true,
    watchlistDigest: false,
    productNews: false,
    ...preferences,
  },
  email: 'ada@example.com',
  emailVerified,
});

/**
 * The server in its wire format: a price level already reached is a 409 until the request says
 * what to do; a day-change alert set while the market is closed is saved with a notice.
 */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (String(input).startsWith('/api/notification-preferences')) {
    return json(notificationSettings, 200);
  }
  if (String(input).startsWith('/api/integrations/destinations')) {
    return json(destinationList, 200);
  }
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  requests.push({ method: init?.method ?? 'GET', body });
  const condition = body.condition as { kind: string };
  if (condition.kind === 'price_above' && !body.ifAlreadyMet) {
    return json({ error: { code: 'alert_already_met', message: question } }, 409);
  }
  const notice =
    condition.kind === 'change_up'
      ? 'The market is closed: day-change alerts are checked during the regular session, from Fri, Nov 27, 9:30 AM ET.'
      : null;
  return json({ alert: savedAlert(body), notice }, 201);
}

/** Settings > Integrations as the server tells it; the tests change it. */
let destinationList: DestinationList;
const destination = (id: string, name: string, enabled = true) => ({
  id,
  kind: 'webhook' as const,
  name,
  displayUrl: 'https://hooks.example.com/desk',
  enabled,
  disabledReason: enabled ? null : ('user' as const),
  failingSince: null,
  lastDeliveredAt: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  team: false,
});

beforeEach(() => {
  requests.length = 0;
  notificationSettings = settingsOf();
  destinationList = { destinations: [], limit: 10, included: true, team: null };
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <AlertDialog open onOpenChange={onOpenChange} symbol="AAPL" currentPrice={187.12} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onOpenChange;
}

describe('the alert dialog', () => {
  it('asks before a price alert at a level already reached, and sends the choice', async () => {
    const onOpenChange = renderDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Price', { exact: true }), '185');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(await screen.findByText(question)).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Wait for the next crossing' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests.map((request) => request.body.ifAlreadyMet)).toEqual([
      undefined,
      'wait_for_crossing',
    ]);
    expect(requests[1]!.body).toMatchObject({
      symbol: 'AAPL',
      condition: { kind: 'price_above', level: 185 },
    });
  });

  it('shows what the server says of a day-change alert set while the market is closed', async () => {
    const onOpenChange = renderDialog();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Notify me when'), 'change_up');
    await user.type(screen.getByLabelText('Change', { exact: true }), '1');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(
      await screen.findByText(
        /^Alert set\. The market is closed: day-change alerts are checked during the regular session/,
      ),
    ).toBeTruthy();
    expect(onOpenChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('sends by email as the settings say for new alerts, unless the form says otherwise', async () => {
    notificationSettings = settingsOf({ alertEmailDefault: false });
    renderDialog();
    const user = userEvent.setup();
    const byEmail = screen.getByRole('checkbox', { name: 'By email too' }) as HTMLInputElement;
    await waitFor(() => expect(byEmail.checked).toBe(false));
    expect(
      (screen.getByRole('checkbox', { name: 'In the app, always' }) as HTMLInputElement).disabled,
    ).toBe(true);
    await user.click(byEmail);
    expect(byEmail.checked).toBe(true);
    await user.selectOptions(screen.getByLabelText('Notify me when'), 'change_up');
    await user.type(screen.getByLabelText('Change', { exact: true }), '3');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1),
    );
    expect(requests.find((request) => request.method === 'POST')!.body.email).toBe(true);
  });

  it('sends a firing to the destinations chosen, listing only those that are on', async () => {
    destinationList = {
      destinations: [
        destination('5b2e9c14-8a7d-4f63-9e01-c4d8b3a2f716', 'Trading desk'),
        destination('6c3f0d25-9b8e-4a74-8f12-d5e9c4b3a827', 'Old hook', false),
      ],
      limit: 10,
      included: true,
      team: null,
    };
    renderDialog();
    const user = userEvent.setup();
    const desk = await screen.findByRole('checkbox', { name: /Trading desk/ });
    expect(screen.queryByRole('checkbox', { name: /Old hook/ })).toBeNull();
    await user.click(desk);
    await user.selectOptions(screen.getByLabelText('Notify me when'), 'change_up');
    await user.type(screen.getByLabelText('Change', { exact: true }), '3');
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    await waitFor(() =>
      expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1),
    );
    expect(requests.find((request) => request.method === 'POST')!.body.destinationIds).toEqual([
      '5b2e9c14-8a7d-4f63-9e01-c4d8b3a2f716',
    ]);
  });

  it('says why an alert email will not go to an unconfirmed address', async () => {
    notificationSettings = settingsOf({}, false);
    renderDialog();
    expect(
      await screen.findByText('Alert emails wait until you confirm ada@example.com.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Email settings' }).getAttribute('href')).toBe(
      '/dashboard/settings?tab=notifications',
    );
  });
});
