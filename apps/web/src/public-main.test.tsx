import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PrerenderedPath } from '@tickerwise/shared';
import { type ComponentType, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { PublicApp } from './app/public-app.tsx';
import { publicPages } from './app/public-pages.ts';
import { hydratePublicPage } from './public-main.tsx';

/** The page as the build writes it (prerender.tsx), at its address, with no script run yet. */
async function prerenderedPage(
  path: PrerenderedPath,
): Promise<{ root: HTMLElement; Page: ComponentType }> {
  window.history.replaceState(null, '', path);
  const Page = await publicPages[path]();
  const root = document.createElement('div');
  root.id = 'root';
  root.dataset.page = path;
  root.innerHTML = renderToString(
    <StrictMode>
      <PublicApp Page={Page} navigation={{ pathname: path, navigate: () => {} }} />
    </StrictMode>,
  );
  document.body.append(root);
  return { root, Page };
}

afterEach(() => {
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

// Any hydration mismatch is a console.error, which fails the test (src/test/setup.ts).
describe('the public entry', () => {
  it('hydrates a prerendered page without the router and hands a move elsewhere to the app', async () => {
    const { root, Page } = await prerenderedPage('/about');
    const heading = within(root).getByRole('heading', { level: 1, name: 'About Tickerwise' });
    hydratePublicPage(root, '/about', Page);
    // The header's menus are links to the footer until hydration, then buttons.
    expect(await screen.findByRole('button', { name: /Resources/ })).toBeTruthy();
    expect(within(root).getByRole('heading', { level: 1 })).toBe(heading);

    const [calculator] = within(root).getAllByRole('link', { name: 'Investment Calculator' });
    if (!calculator) throw new Error('no link to the calculator');
    fireEvent.click(calculator);
    // The app loads (the router, the route table, the calculator's chunk), then takes the root
    // over at the new address.
    expect(
      await within(root).findByRole(
        'heading',
        { level: 1, name: 'Investment Calculator' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/tools/calculator');
    expect(within(root).queryByRole('heading', { name: 'About Tickerwise' })).toBeNull();

    // From here the app's router moves between pages.
    const [about] = within(root).getAllByRole('link', { name: 'About Us' });
    if (!about) throw new Error('no link to the about page');
    fireEvent.click(about);
    expect(
      await within(root).findByRole(
        'heading',
        { level: 1, name: 'About Tickerwise' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    expect(window.location.pathname).toBe('/about');
  }, 30_000);

  it('keeps a change of the query string within the page', async () => {
    const { root, Page } = await prerenderedPage('/tools/calculator');
    const heading = within(root).getByRole('heading', { level: 1 });
    hydratePublicPage(root, '/tools/calculator', Page);
    const inflation = await screen.findByLabelText('Yearly inflation (%)');
    // The fields answer once hydration is over (their fieldset is disabled until then).
    await waitFor(() => expect(inflation.closest('fieldset')).toHaveProperty('disabled', false));
    fireEvent.change(inflation, { target: { value: '4.5' } });
    expect(inflation).toHaveProperty('value', '4.5');
    expect(new URLSearchParams(window.location.search).get('inflation')).toBe('4.5');
    expect(window.location.pathname).toBe('/tools/calculator');
    // The same page, not the app's render of it.
    expect(within(root).getByRole('heading', { level: 1 })).toBe(heading);
  });
});
