import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderDashboardShells } from '../prerender.tsx';
import { DashboardShell } from './dashboard-shell.tsx';

function renderShellAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <DashboardShell />
    </MemoryRouter>,
  );
}

describe('the dashboard shell', () => {
  it("shows the home's heading and panels, with no user's name", () => {
    renderShellAt('/dashboard');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome back');
    expect(screen.getByRole('heading', { name: 'Recent Activity' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Account menu/ })).toBeNull();
    // Nothing in it answers before the app does: its controls are disabled, its links plain.
    for (const control of [
      screen.getByRole('button', { name: 'Open menu' }),
      screen.getByRole('combobox'),
    ]) {
      expect(control.closest('fieldset')?.disabled).toBe(true);
    }
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it("marks the current page in the navigation and opens its group, as the app's does", () => {
    renderShellAt('/dashboard/investments/stocks');
    const nav = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getByRole('link', { name: 'Stocks' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      within(nav).getByRole('button', { name: 'Investments' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(within(nav).getByRole('button', { name: 'Social' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
    expect(screen.queryByRole('heading', { name: /Welcome back/ })).toBeNull();
  });

  it('is prerendered for every address the sidebar links to', () => {
    const shells = renderDashboardShells();
    expect(shells.map((shell) => shell.path)).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/dashboard/investments/stocks',
        '/dashboard/settings',
      ]),
    );
    const stocks = shells.find((shell) => shell.path === '/dashboard/investments/stocks');
    expect(stocks?.markup).toMatch(/<a[^>]*aria-current="page"[^>]*>.*?Stocks<\/a>/);
    expect(stocks?.markup).toContain('Search stocks and ETFs');
  });
});
