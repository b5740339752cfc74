import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Alert, SharedWithTeam } from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AlertList } from './alert-list.tsx';

const alertOf = (id: string, symbol: string, shared: SharedWithTeam | null): Alert => ({
  id,
  symbol,
  condition: { kind: 'price_above', level: 200 },
  repeat: 'once',
  note: null,
  state: 'armed',
  lastFiredAt: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  awaitsCross: false,
  suspended: false,
  email: false,
  destinationIds: [],
  shared,
});

const team = (role: SharedWithTeam['role'], mine = false, readOnly = false): SharedWithTeam => ({
  teamName: 'Harbor Club',
  role,
  readOnly,
  mine,
});

function show(alerts: Alert[], onShare?: (alert: Alert, shared: boolean) => void) {
  render(
    <MemoryRouter>
      <AlertList
        alerts={alerts}
        onEdit={vi.fn()}
        onSetState={vi.fn()}
        onDelete={vi.fn()}
        {...(onShare ? { onShare } : {})}
      />
    </MemoryRouter>,
  );
}

describe('team alerts in the list', () => {
  it('are marked, and show a Viewer (or anyone while the team is read-only) no actions', () => {
    show([
      alertOf('a1', 'AAPL', team('viewer')),
      alertOf('a2', 'MSFT', team('editor', false, true)),
    ]);
    expect(screen.getAllByText('Team')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Actions for the/ })).toBeNull();
  });

  it('let their maker take them out of the team, and a personal one move in', async () => {
    const onShare = vi.fn();
    show([alertOf('a1', 'AAPL', team('editor', true)), alertOf('a2', 'NVDA', null)], onShare);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for the AAPL alert' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Move to the team' })).toBeNull();
    await user.click(within(menu).getByRole('menuitem', { name: 'Take out of the team' }));
    expect(onShare).toHaveBeenCalledWith(expect.objectContaining({ id: 'a1' }), false);
    await user.click(screen.getByRole('button', { name: 'Actions for the NVDA alert' }));
    await user.click(screen.getByRole('menuitem', { name: 'Move to the team' }));
    expect(onShare).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'a2' }), true);
  });
});
