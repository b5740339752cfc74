import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouterNavigation } from '../../lib/router-navigation.tsx';
import { Menu, MenuContent, MenuItem, MenuLinkItem, MenuTrigger } from './menu.tsx';

function renderMenu(onSignOut: () => void) {
  const router = createMemoryRouter([
    {
      path: '/',
      // The links of the site's components move through the app's navigation (ADR 77).
      element: (
        <RouterNavigation>
          <Menu>
            <MenuTrigger>Account</MenuTrigger>
            <MenuContent>
              <MenuLinkItem to="/pricing">Manage Plan</MenuLinkItem>
              <MenuItem onSelect={onSignOut}>Sign Out</MenuItem>
            </MenuContent>
          </Menu>
        </RouterNavigation>
      ),
    },
    { path: '/pricing', element: <h1>Pricing</h1> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('a menu', () => {
  it('opens on ArrowDown at its first item, moves with the arrows and closes on Escape', async () => {
    renderMenu(() => {});
    const trigger = screen.getByRole('button', { name: 'Account' });
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Manage Plan' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Sign Out' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('runs an action chosen with Enter, and follows a link item', async () => {
    const onSignOut = vi.fn();
    const router = renderMenu(onSignOut);
    screen.getByRole('button', { name: 'Account' }).focus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSignOut).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Account' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Manage Plan' }));
    expect(router.state.location.pathname).toBe('/pricing');
  });
});
