import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../../lib/session/auth-provider.tsx';
import { writeStoredProfile } from '../../../lib/session/stored-profile.ts';
import { HeaderAccount } from './header-account.tsx';

const ada = { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com', subscription_tier: 'pro' };

function renderHeader() {
  render(
    <AuthProvider>
      <MemoryRouter>
        <HeaderAccount />
      </MemoryRouter>
    </AuthProvider>,
  );
}

afterEach(() => {
  writeStoredProfile(null);
  vi.unstubAllGlobals();
});

describe('the public header’s way in', () => {
  it('offers Login to a visitor who looks signed out, without asking the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderHeader();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
    // Dashboard waits in the page for the stored-profile hint; CSS hides it without one.
    const dashboard = screen.getByRole('link', { name: 'Dashboard', hidden: true });
    expect(dashboard.parentElement?.className).toContain('hidden');
    expect(document.documentElement.dataset.session).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('offers Dashboard and the account’s name to a signed-in visitor', () => {
    writeStoredProfile({ ...ada, subscription_tier: 'pro' });
    renderHeader();
    expect(document.documentElement.dataset.session).toBe('signed-in');
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
  });
});
