import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { KnownBrowser } from '@tickerwise/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BrowsersPanel } from './browsers-panel.tsx';

let browsers: KnownBrowser[];
let failLoads = 0;
const deletes: string[] = [];

function json(body: unknown, status: number): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The server in its wire format: the browsers the account knows, and forgetting one. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  const method = init?.method ?? 'GET';
  if (url === '/api/auth/devices' && method === 'GET') {
    if (failLoads > 0) {
      failLoads -= 1;
      return json({ error: { code: 'internal', message: 'Something went wrong' } }, 500);
    }
    return json({ browsers }, 200);
  }
  const forget = url.match(/^\/api\/auth\/devices\/([^/]+)$/);
  if (forget && method === 'DELETE') {
    const id = decodeURIComponent(forget[1]!);
    deletes.push(id);
    browsers = browsers.filter((browser) => browser.id !== id);
    return json(null, 204);
  }
  return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
}

const firefox: KnownBrowser = {
  id: 'AAAAAAAAAAAAAAAA',
  browser: 'Firefox 128',
  os: 'Windows',
  device: 'desktop',
  firstSeenAt: '2026-03-05T18:15:00.000Z',
  lastSeenAt: '2026-03-05T18:15:00.000Z',
  current: true,
};
const safari: KnownBrowser = {
  id: 'BBBBBBBBBBBBBBBB',
  browser: 'Mobile Safari 17',
  os: 'iOS 17.5',
  device: 'mobile',
  firstSeenAt: '2026-03-02T08:00:00.000Z',
  lastSeenAt: '2026-03-06T07:00:00.000Z',
  current: false,
};

beforeEach(() => {
  browsers = [firefox, safari];
  failLoads = 0;
  deletes.length = 0;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderPanel() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <BrowsersPanel />
    </QueryClientProvider>,
  );
}

describe('Settings > Security, browsers', () => {
  it('lists each browser, marks this one, and forgets one', async () => {
    renderPanel();
    expect(screen.getByText('Loading your browsers')).toBeTruthy();
    expect(await screen.findByText('Firefox 128 on Windows')).toBeTruthy();
    expect(screen.getByText('Mobile Safari 17 on iOS 17.5')).toBeTruthy();
    expect(screen.getAllByText('This browser')).toHaveLength(1);

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: /^Forget Mobile Safari 17 on iOS 17.5,/ }));
    expect(
      await screen.findByText(
        'Mobile Safari 17 on iOS 17.5 is forgotten. Its next sign-in will email you a notice.',
      ),
    ).toBeTruthy();
    expect(deletes).toEqual([safari.id]);
    await waitFor(() => expect(screen.queryByText('Mobile Safari 17 on iOS 17.5')).toBeNull());
  });

  it('says when no browser is remembered yet', async () => {
    browsers = [];
    renderPanel();
    expect(await screen.findByText(/No browser is remembered now/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Forget/ })).toBeNull();
  });

  it('says when the browsers could not be loaded, and tries again', async () => {
    failLoads = 1;
    renderPanel();
    expect(await screen.findByText('Your browsers could not be loaded.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('Firefox 128 on Windows')).toBeTruthy();
  });
});
