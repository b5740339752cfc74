import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the route table', () => {
  it('renders a public page by its path', async () => {
    renderAt('/about');
    // The first render loads the layout's and the page's lazy chunks: allow for a busy machine.
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toHaveProperty(
      'textContent',
      'About Tickerwise',
    );
  });

  it('sends a signed-out visitor from the dashboard to the login page', async () => {
    const router = renderAt('/dashboard/learn');
    // The dashboard's guard and the login page are separate lazy chunks: allow for loading both.
    expect(
      await screen.findByRole('heading', { name: 'Welcome Back' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('redirects unknown paths home', async () => {
    const router = renderAt('/tools');
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/');
  });

  it('renders the free tools and the Product menu’s pages at their own paths', async () => {
    const router = renderAt('/tools/calculator');
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toHaveProperty(
      'textContent',
      'Investment Calculator',
    );
    expect(router.state.location.pathname).toBe('/tools/calculator');
  });
});
