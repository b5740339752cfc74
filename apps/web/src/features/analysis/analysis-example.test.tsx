import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { analysisExampleSchema } from '@tickerwise/shared';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnalysisExamplePanel } from './analysis-example.tsx';
import freeAnalysis from './test/aapl-free.json';

/** What `GET /api/analysis/example` answers: a Free user's figures of AAPL (simulated prices). */
const example = analysisExampleSchema.parse(freeAnalysis);

let answers: Array<() => Response>;
const fetchMock = vi.fn(async () => {
  const next = answers.shift();
  if (!next) throw new Error('no answer left');
  return next();
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

function renderPanel() {
  const router = createMemoryRouter([{ path: '/', element: <AnalysisExamplePanel /> }]);
  render(<RouterProvider router={router} />);
}

describe('the analysis feature page’s live example', () => {
  it('shows its placeholder, then the stock’s rating and checklist labelled simulated', async () => {
    answers = [json(200, example)];
    renderPanel();
    expect(screen.getByRole('status', { name: 'Loading the example' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Apple Inc. (AAPL)' })).toBeTruthy();
    expect(screen.getByText('Simulated data, not real prices')).toBeTruthy();
    const checklist = screen.getByRole('region', { name: 'Fundamentals checklist' });
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(example.checks.length);
    expect(screen.getByText(/not a recommendation to buy or sell/)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says when it could not be loaded, and loads on Try again', async () => {
    const unavailable = {
      error: {
        code: 'no_price_history',
        message: 'No price history is stored for AAPL yet. Please try again in a minute.',
      },
    };
    answers = [json(404, unavailable), json(200, example)];
    renderPanel();
    expect(await screen.findByText(unavailable.error.message)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('heading', { name: 'Apple Inc. (AAPL)' })).toBeTruthy();
  });
});
