import { type Portfolio, roleAtLeast } from '@tickerwise/shared';

/** `?portfolio=practice` opens the practice portfolio (created on first use). */
export const practiceParam = 'practice';

/** The real portfolios the page lists: the user's own and their team's. */
export function realPortfolios(portfolios: readonly Portfolio[]): Portfolio[] {
  return portfolios.filter((portfolio) => portfolio.kind === 'real');
}

/** The user's own real portfolios: what their plan's limit counts (a team's count on the team's). */
export function ownPortfolios(portfolios: readonly Portfolio[]): Portfolio[] {
  return realPortfolios(portfolios).filter((portfolio) => portfolio.shared === null);
}

/**
 * Whether the user may change the portfolio: their own always; a team's as Editor and up
 * while the team is not read-only (docs/PRODUCT.md §3.26).
 */
export function canChangePortfolio(portfolio: Portfolio): boolean {
  const { shared } = portfolio;
  return !shared || (roleAtLeast(shared.role, 'editor') && !shared.readOnly);
}

export function practicePortfolio(portfolios: readonly Portfolio[]): Portfolio | undefined {
  return portfolios.find((portfolio) => portfolio.kind === 'practice');
}

/** Whether the plan allows no more portfolios (the practice portfolio is outside the limit). */
export function atPortfolioLimit(portfolios: readonly Portfolio[], allowed: number): boolean {
  return ownPortfolios(portfolios).length >= allowed;
}

/**
 * The portfolio the page shows: the one asked for by id, else the oldest real one. A user with
 * only the practice portfolio gets the screen that starts a real one (and links the practice
 * one), so a first real transaction never lands in the practice portfolio by default.
 */
export function shownPortfolio(
  portfolios: readonly Portfolio[],
  wanted: string | null,
): Portfolio | undefined {
  return portfolios.find((portfolio) => portfolio.id === wanted) ?? realPortfolios(portfolios)[0];
}

/**
 * The real portfolios in the page's list, the practice one last: the switcher's order. Real
 * ones keep their order (oldest first).
 */
export function switcherOrder(portfolios: readonly Portfolio[]): Portfolio[] {
  const practice = practicePortfolio(portfolios);
  return practice ? [...realPortfolios(portfolios), practice] : realPortfolios(portfolios);
}
