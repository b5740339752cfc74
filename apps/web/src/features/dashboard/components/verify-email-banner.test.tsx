import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

let verified = false;
let resends = 0;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The browser's fetch, answering as the server's `/api/email/verification` does. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  if (String(input) !== '/api/email/verification') return json(404, {});
  if (init?.method === 'POST') {
    resends += 1;
    if (resends > 1) {
      return json(429, {
        error: {
          code: 'resend_cooldown',
          message: 'We just sent it. You can send it again in 42 seconds.',
        },
      });
    }
  }
  return json(200, { email: 'ada@example.com', verified });
}

beforeEach(() => {
  verified = false;
  resends = 0;
  sessionStorage.clear();
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderBanner(url = '/dashboard') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <VerifyEmailBanner />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the confirm-your-email banner', () => {
  it('names the address, resends the link, and counts down before another', async () => {
    renderBanner();
    expect(await screen.findByText('Please confirm your email address')).toBeTruthy();
    expect(screen.getByText(/We sent a link to ada@example.com/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText('A new link is on its way to ada@example.com.')).toBeTruthy();
    const button = screen.getByRole('button', { name: /Resend in \d+ s/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(resends).toBe(1);
  });

  it('is not shown once the address is confirmed', async () => {
    verified = true;
    renderBanner();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Please confirm your email address')).toBeNull();
  });

  it('goes away for the visit when dismissed', async () => {
    const { unmount } = renderBanner();
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Please confirm your email address')).toBeNull();
    unmount();
    renderBanner();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Please confirm your email address')).toBeNull();
  });

  it('says why a confirmation link failed, even after dismissing', async () => {
    sessionStorage.setItem('tickerwise.verify-banner-dismissed', '1');
    renderBanner('/dashboard?error=TOKEN_EXPIRED');
    expect(await screen.findByText('That confirmation link has expired.')).toBeTruthy();
  });
});
