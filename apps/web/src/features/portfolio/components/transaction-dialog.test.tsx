import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TransactionDialog } from './transaction-dialog.tsx';

const heldMessage = 'You held 10 AAPL on 2024-03-05: a sell of 12 is more than that.';
const requests: { method: string; body: unknown }[] = [];

/** The server's answers in its wire format: a sell of more than is held is a field error. */
async function serverFetch(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(String(init?.body ?? '{}'));
  requests.push({ method: init?.method ?? 'GET', body });
  if (body.kind === 'sell' && body.quantity === '12') {
    return new Response(
      JSON.stringify({
        error: {
          code: 'validation_failed',
          message: heldMessage,
          fields: { quantity: heldMessage },
        },
      }),
      { status: 400, headers: { 'content-type': 'application/json' } },
    );
  }
  return new Response(
    JSON.stringify({
      transaction: {
        id: 't1',
        portfolioId: 'p1',
        kind: body.kind,
        date: body.date,
        symbol: body.symbol.toUpperCase(),
        quantity: body.quantity,
        price: body.price,
        amount: null,
        fees: '0',
        splitTo: null,
        splitFrom: null,
        note: null,
        cashEffect: '-100',
        createdAt: '2024-03-05T12:00:00.000Z',
        enteredBy: null,
      },
    }),
    { status: 201, headers: { 'content-type': 'application/json' } },
  );
}

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(onOpenChange = vi.fn(), practice?: { symbol: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TransactionDialog
        portfolioId="p1"
        open
        onOpenChange={onOpenChange}
        {...(practice ? { practice: true, symbol: practice.symbol } : {})}
      />
    </QueryClientProvider>,
  );
  return onOpenChange;
}

async function fillSell(quantity: string) {
  const user = userEvent.setup();
  await user.selectOptions(screen.getByLabelText('Type'), 'sell');
  await user.clear(screen.getByLabelText('Date'));
  await user.type(screen.getByLabelText('Date'), '2024-03-05');
  await user.type(screen.getByLabelText('Symbol'), 'aapl');
  await user.type(screen.getByLabelText('Shares'), quantity);
  await user.type(screen.getByLabelText('Price per share'), '175');
  return user;
}

describe('the transaction dialog', () => {
  it('shows the ledger problem the server finds under the shares, and stays open', async () => {
    const onOpenChange = renderDialog();
    const user = await fillSell('12');
    expect(screen.getByText('Proceeds after fees:')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    expect(await screen.findByText(heldMessage)).toBeTruthy();
    expect(screen.getByLabelText('Shares').getAttribute('aria-invalid')).toBe('true');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(requests).toEqual([
      {
        method: 'POST',
        body: expect.objectContaining({
          kind: 'sell',
          symbol: 'aapl',
          quantity: '12',
          price: '175',
        }),
      },
    ]);
  });

  it('checks what it can itself before asking the server, then closes once saved', async () => {
    const onOpenChange = renderDialog();
    const user = await fillSell('0');
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    expect(await screen.findByText('The quantity must be more than 0')).toBeTruthy();
    expect(requests).toEqual([]);
    await user.clear(screen.getByLabelText('Shares'));
    await user.type(screen.getByLabelText('Shares'), '5');
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toHaveLength(1);
  });

  it("opens a lesson's practice trade as a buy of its symbol, saying it is practice", async () => {
    const onOpenChange = renderDialog(vi.fn(), { symbol: 'MSFT' });
    expect(screen.getByRole('heading', { name: 'Add a practice transaction' })).toBeTruthy();
    expect(screen.getByText(/never counted in your Portfolio Value/)).toBeTruthy();
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('buy');
    expect((screen.getByLabelText('Symbol') as HTMLInputElement).value).toBe('MSFT');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Shares'), '2');
    await user.type(screen.getByLabelText('Price per share'), '400');
    await user.click(screen.getByRole('button', { name: 'Add transaction' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests).toEqual([
      {
        method: 'POST',
        body: expect.objectContaining({ kind: 'buy', symbol: 'MSFT', quantity: '2', price: '400' }),
      },
    ]);
  });
});
