import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { DatabaseBanner } from './database-banner.tsx';

/** What the server answers while it cannot reach its database. */
let databaseUp = true;

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/** The browser's fetch, answering as the server does (the server's wire format). */
async function serverFetch(input: RequestInfo | URL): Promise<Response> {
  const path = String(input);
  if (path === '/api/health') {
    return databaseUp
      ? json(200, { status: 'ok', db: 'ok' })
      : json(503, { status: 'degraded', db: 'down' }, { 'retry-after': '5' });
  }
  if (databaseUp) return json(200, { notifications: [] });
  return json(
    503,
    {
      error: {
        code: 'database_unavailable',
        message: 'Tickerwise cannot reach its database right now.',
      },
    },
    { 'retry-after': '5' },
  );
}

beforeEach(() => {
  databaseUp = true;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderBanner() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DatabaseBanner />
    </QueryClientProvider>,
  );
  return client;
}

describe('the database banner', () => {
  it('shows as soon as any API call answers database_unavailable', async () => {
    const client = renderBanner();
    // The first health check finds the database up: no banner.
    await vi.waitFor(() => expect(client.getQueryState(['health'])?.status).toBe('success'));
    expect(screen.queryByRole('alert')).toBeNull();

    databaseUp = false;
    const failed = await apiRequest('/api/notifications').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiRequestError);
    expect(failed).toMatchObject({ status: 503, code: 'database_unavailable', retryAfter: 5 });

    // Without waiting for the next scheduled check (30 s).
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Database connection failed. Please check your configuration.',
    );
  });
});
