import { describe, expect, it } from 'vitest';
import { logoTarget, paths, stockPath } from './routes.ts';

describe('logo target', () => {
  it('goes to the dashboard from any dashboard page', () => {
    expect(logoTarget('/dashboard')).toBe(paths.dashboard);
    expect(logoTarget('/dashboard/investments/stocks/AAPL')).toBe(paths.dashboard);
  });

  it('goes home from public pages, including look-alike paths', () => {
    expect(logoTarget('/')).toBe(paths.home);
    expect(logoTarget('/pricing')).toBe(paths.home);
    expect(logoTarget('/dashboards')).toBe(paths.home);
  });
});

describe('stock path', () => {
  it('puts the symbol under the stocks list', () => {
    expect(stockPath('AAPL')).toBe('/dashboard/investments/stocks/AAPL');
  });
});
