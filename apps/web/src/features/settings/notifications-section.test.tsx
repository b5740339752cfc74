import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NotificationSettings } from '@tickerwise/shared';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationsSection } from './notifications-section.tsx';

const requests: { method: string; url: string; body: unknown }[] = [];
let settings: NotificationSettings;
let failLoads = 0;

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server in its wire format: the preferences, saving a change, resending the link. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  requests.push({ method, url, body });
  if (url === '/api/notification-preferences' && method === 'GET') {
    if (failLoads > 0) {
      failLoads -= 1;
      return json({ error: { code: 'internal', message: 'Something went wrong' } }, 500);
    }
    return json(settings, 200);
  }
  if (url === '/api/notification-preferences' && method === 'PATCH') {
    settings = { ...settings, preferences: { ...settings.preferences, ...body } };
    return json(settings, 200);
  }
  if (url === '/api/email/verification' && method === 'POST') {
    return json({ email: settings.email, verified: false }, 200);
  }
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

beforeEach(() => {
  requests.length = 0;
  failLoads = 0;
  settings = {
    preferences: {
      alertEmails: true,
      alertEmailDefault: true,
      watchlistDigest: false,
      productNews: false,
    },
    email: 'ada@example.com',
    emailVerified: true,
  };
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderSection() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <NotificationsSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Settings > Notifications', () => {
  it('shows each preference and saves a change at once', async () => {
    renderSection();
    expect(screen.getByText('Loading your notification settings')).toBeTruthy();
    const digest = await screen.findByRole('switch', { name: 'Daily watchlist digest' });
    expect(digest.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Alert emails' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Product news' }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(screen.queryByText(/Confirm your email address/)).toBeNull();

    await userEvent.setup().click(digest);
    await waitFor(() => expect(digest.getAttribute('aria-checked')).toBe('true'));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      watchlistDigest: true,
    });
  });

  it('says why alert emails wait on an unconfirmed address, and resends the link', async () => {
    settings = { ...settings, emailVerified: false };
    renderSection();
    expect(
      await screen.findByText('Confirm your email address to get alert emails and the digest'),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Resend the link' }));
    expect(
      await screen.findByText(/A new confirmation link is on its way to ada@example.com/),
    ).toBeTruthy();
    expect(requests.some((request) => request.url === '/api/email/verification')).toBe(true);
  });

  it('says when the settings could not be loaded, and tries again', async () => {
    failLoads = 1;
    renderSection();
    expect(await screen.findByText('Your notification settings could not be loaded.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('switch', { name: 'Alert emails' })).toBeTruthy();
  });
});
