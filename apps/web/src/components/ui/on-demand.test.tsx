import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type Activation, OnDemand } from './on-demand.tsx';

/** The interactive twin: it says how it was reached for. */
function Loaded({ activation }: { activation: Activation | null }) {
  return (
    <>
      <button type="button" data-on-demand="menu">
        Menu (loaded)
      </button>
      <p>{activation ? `${activation.by} on ${activation.key}` : 'not reached for'}</p>
    </>
  );
}

/** Renders it with a load that finishes only when the test says, as a slow network would. */
function renderOnDemand() {
  let finish = () => {};
  const loaded = new Promise<typeof Loaded>((resolve) => {
    finish = () => resolve(Loaded);
  });
  const load = vi.fn(() => loaded);
  render(
    <OnDemand load={load}>
      <button type="button" data-on-demand="menu">
        Menu
      </button>
    </OnDemand>,
  );
  return { load, finish: () => act(finish), finishQuietly: () => finish() };
}

describe('code loaded when it is reached for', () => {
  it('shows the plain version and loads nothing until then', () => {
    const { load } = renderOnDemand();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('hands a press made before it loaded to the loaded version, loading once', async () => {
    const { load, finish } = renderOnDemand();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await finish();
    expect(await screen.findByText('press on menu')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands on an arrow key pressed before it loaded', async () => {
    const { finish } = renderOnDemand();
    await userEvent.tab();
    await userEvent.keyboard('{ArrowDown}');
    await finish();
    expect(await screen.findByText('arrow on menu')).toBeTruthy();
  });

  it('hands on an arrow key pressed after the code arrived but before it was swapped in', async () => {
    const { finishQuietly } = renderOnDemand();
    await userEvent.tab();
    finishQuietly();
    // The load has resolved; React has not rendered the interactive version yet.
    await Promise.resolve();
    await Promise.resolve();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    screen
      .getByRole('button', { name: 'Menu' })
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    expect(await screen.findByText('arrow on menu')).toBeTruthy();
  });

  it('moves focus to the loaded twin of the focused control', async () => {
    const { finish } = renderOnDemand();
    await userEvent.tab();
    await finish();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu (loaded)' })),
    );
    expect(screen.getByText('focus on menu')).toBeTruthy();
  });
});
