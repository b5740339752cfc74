import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Destination, TeamDestinations } from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TeamDestinationsPanel } from './team-destinations.tsx';

const desk = (id: string): Destination => ({
  id,
  kind: 'webhook',
  name: `Club desk ${id}`,
  displayUrl: 'https://hooks.example.com/club',
  enabled: true,
  disabledReason: null,
  failingSince: null,
  lastDeliveredAt: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  team: true,
});

const adminView: TeamDestinations = {
  teamName: 'Harbor Club',
  role: 'admin',
  destinations: [desk('d1')],
  canManage: true,
  canUse: true,
  readOnly: null,
  included: true,
};

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const posted: unknown[] = [];

/** `POST /api/integrations/destinations` in the server's wire format. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (String(input) === '/api/integrations/destinations' && init?.method === 'POST') {
    const body = JSON.parse(String(init.body)) as { name: string };
    posted.push(body);
    return json({ destination: { ...desk('d2'), name: body.name }, secret: 'whsec_abc' }, 201);
  }
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

function show(team: TeamDestinations, limit = 10) {
  const onCreated = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <TeamDestinationsPanel team={team} limit={limit} onCreated={onCreated} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onCreated;
}

afterEach(() => {
  posted.length = 0;
  vi.unstubAllGlobals();
});

describe("the team's alert destinations", () => {
  it('let an Admin add one to the team, its secret handed on once', async () => {
    vi.stubGlobal('fetch', vi.fn(serverFetch));
    const onCreated = show(adminView);
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Add a team destination' });
    await user.type(form.querySelector('input[name="name"]')!, 'Club room');
    await user.type(form.querySelector('input[name="url"]')!, 'https://hooks.example.com/room');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledTimes(1));
    expect(posted).toEqual([
      { kind: 'webhook', name: 'Club room', url: 'https://hooks.example.com/room', team: true },
    ]);
    expect(await screen.findByText('“Club room” is added to the team.')).toBeTruthy();
  });

  it('show a Viewer the destinations and their logs, with nothing to change', () => {
    vi.stubGlobal('fetch', vi.fn(serverFetch));
    show({ ...adminView, role: 'viewer', canManage: false, canUse: false });
    expect(screen.getByText('Club desk d1')).toBeTruthy();
    expect(screen.getByText(/As Viewer you see them and their deliveries/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a team destination' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delivery log' })).toBeTruthy();
    for (const action of ['Send a test event', 'Turn off', 'Delete']) {
      expect(screen.queryByRole('button', { name: action })).toBeNull();
    }
  });

  it('say why nothing changes while the team is read-only', () => {
    vi.stubGlobal('fetch', vi.fn(serverFetch));
    const reason =
      'The team is read-only: its owner’s plan is Pro, and teams are part of Enterprise.';
    show({ ...adminView, canManage: false, canUse: false, readOnly: reason, included: false });
    expect(screen.getByText(reason)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a team destination' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('say who adds them when there are none, and stop the form at the limit', () => {
    vi.stubGlobal('fetch', vi.fn(serverFetch));
    show({ ...adminView, role: 'editor', canManage: false, destinations: [] });
    expect(screen.getByText('The team has no destinations yet.')).toBeTruthy();
    expect(screen.getByText('The team’s Admins and Owner add them.')).toBeTruthy();
    show({ ...adminView, destinations: [desk('a'), desk('b')] }, 2);
    expect(screen.getByText(/The team has 2 of 2 destinations/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a team destination' })).toBeNull();
  });
});
