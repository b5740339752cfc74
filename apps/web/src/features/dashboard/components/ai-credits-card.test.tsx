import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { entitlementsByTier } from '@tickerwise/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AiCreditsCard } from './ai-credits-card.tsx';

function usage(used: number, limit: number) {
  return new Response(
    JSON.stringify({
      tier: limit > 0 ? 'pro' : 'free',
      entitlements: {
        ...entitlementsByTier.pro,
        aiCallsPerDay: limit,
        modelCallsPerDay: 2 * limit,
      },
      quotas: {
        aiCalls: { used, limit, resetsAt: '2099-01-02T00:00:00.000Z' },
        modelCalls: { used, limit: 2 * limit, resetsAt: '2099-01-02T00:00:00.000Z' },
      },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );
}

function renderCard(planName: string) {
  const router = createMemoryRouter([
    { path: '/', element: <AiCreditsCard planName={planName} /> },
  ]);
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('AI Credits card', () => {
  it("shows today's credits used of the limit and when they reset", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => usage(3, 50)),
    );
    renderCard('Pro');
    expect(await screen.findByText('3/50')).toBeTruthy();
    expect(screen.getByText('3 of 50 AI credits used today')).toBeTruthy();
    expect(screen.getByText('Pro Plan · used today')).toBeTruthy();
    expect(screen.getByText(/^Resets at 00:00 UTC, in /)).toBeTruthy();
  });

  it('leads a plan without credits to the plans', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => usage(0, 0)),
    );
    renderCard('Free');
    expect(await screen.findByText('0/0')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade for AI analyses' }).getAttribute('href')).toBe(
      '/pricing',
    );
  });
});
