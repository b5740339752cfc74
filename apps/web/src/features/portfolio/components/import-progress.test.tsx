import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportProgressBar } from './import-progress.tsx';

const asked: string[] = [];

/** The server's answer in its wire format: an import saving its rows. */
async function serverFetch(input: RequestInfo | URL): Promise<Response> {
  asked.push(String(input));
  return new Response(
    JSON.stringify({ progress: { stage: 'saving', done: 12_500, total: 50_000 } }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderBar(running: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ImportProgressBar portfolioId="p1" running={running} waiting="Importing..." />
    </QueryClientProvider>,
  );
}

describe('the import progress bar', () => {
  it("shows the running import's stage and rows done", async () => {
    renderBar(true);
    expect(screen.getByRole('status').textContent).toBe('Importing...');
    const bar = await screen.findByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    expect(screen.getByRole('status').textContent).toBe('Saving transactions: 12,500 of 50,000');
    expect(asked).toEqual(['/api/portfolios/p1/imports/progress']);
  });

  it('asks nothing and shows nothing while no import runs', () => {
    const { container } = renderBar(false);
    expect(container.innerHTML).toBe('');
    expect(asked).toEqual([]);
  });
});
