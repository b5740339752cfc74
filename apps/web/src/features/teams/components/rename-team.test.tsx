import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Team, TeamAnswer } from '@tickerwise/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { teamKey } from '../api/team.ts';
import { RenameTeam } from './rename-team.tsx';

const team: Team = {
  id: 't1',
  name: 'Harbor Club',
  role: 'owner',
  members: [
    {
      userId: 'u1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      role: 'owner',
      joinedAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  invitations: [],
  seats: { used: 0, included: 5 },
  readOnly: null,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const patches: unknown[] = [];
let answer: (name: string) => Response;

/** `PATCH /api/team` in the server's wire format. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (String(input) === '/api/team' && init?.method === 'PATCH') {
    const body = JSON.parse(String(init.body)) as { name: string };
    patches.push(body);
    return answer(body.name);
  }
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

function renderRename(shown: Team) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<TeamAnswer>(teamKey, { team: shown, canCreate: false });
  render(
    <QueryClientProvider client={client}>
      <RenameTeam team={shown} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  patches.length = 0;
  vi.unstubAllGlobals();
});

describe("the team's rename control", () => {
  it('renames the team: the dialog opens with the name, saves, closes, and the page has the new name', async () => {
    vi.stubGlobal('fetch', vi.fn(serverFetch));
    answer = (name) => json({ team: { ...team, name } }, 200);
    const client = renderRename(team);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Team name') as HTMLInputElement;
    expect(field.value).toBe('Harbor Club');
    await user.clear(field);
    await user.type(field, 'Harbor Investors');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches).toEqual([{ name: 'Harbor Investors' }]);
    expect(client.getQueryData<TeamAnswer>(teamKey)?.team?.name).toBe('Harbor Investors');
  });

  it('keeps the dialog open with the reason when the name is refused, and sends no empty name', async () => {
    vi.stubGlobal('fetch', vi.fn(serverFetch));
    answer = () =>
      json(
        {
          error: {
            code: 'team_read_only',
            message: 'This team is read-only: its owner’s plan no longer includes a team.',
          },
        },
        409,
      );
    renderRename(team);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const field = screen.getByLabelText('Team name');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the team a name')).toBeTruthy();
    expect(patches).toEqual([]);
    await user.type(field, 'Another name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/This team is read-only/)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(patches).toEqual([{ name: 'Another name' }]);
  });

  it('is not offered to Editors and Viewers, nor while the team is read-only', () => {
    vi.stubGlobal('fetch', vi.fn(serverFetch));
    renderRename({ ...team, role: 'editor' });
    renderRename({ ...team, role: 'viewer' });
    renderRename({
      ...team,
      readOnly: { reason: 'owner_plan', message: 'This team is read-only.' },
    });
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    renderRename({ ...team, role: 'admin' });
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
  });
});
