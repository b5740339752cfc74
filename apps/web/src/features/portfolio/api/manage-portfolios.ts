import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Portfolio, portfolioResponseSchema } from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { portfolioKeys, portfolioPath } from './portfolio-keys.ts';

/** `POST /api/portfolios`: 402 when the plan's limit is reached. */
export async function createPortfolio(name: string): Promise<Portfolio> {
  return portfolioResponseSchema.parse(
    await apiRequest<unknown>('/api/portfolios', { body: { name } }),
  ).portfolio;
}

/** `PATCH /api/portfolios/:id` */
export async function renamePortfolio(id: string, name: string): Promise<Portfolio> {
  return portfolioResponseSchema.parse(
    await apiRequest<unknown>(portfolioPath(id), { method: 'PATCH', body: { name } }),
  ).portfolio;
}

/** `DELETE /api/portfolios/:id`: the portfolio and its whole ledger. */
export async function deletePortfolio(id: string): Promise<void> {
  await apiRequest<unknown>(portfolioPath(id), { method: 'DELETE' });
}

/** `POST /api/portfolios/practice`: the practice portfolio, created on first use. */
export async function openPracticePortfolio(): Promise<Portfolio> {
  return portfolioResponseSchema.parse(
    await apiRequest<unknown>('/api/portfolios/practice', { method: 'POST' }),
  ).portfolio;
}

/** `POST /api/portfolios/:id/reset`: the practice portfolio back to its practice cash alone. */
export async function resetPracticePortfolio(id: string): Promise<Portfolio> {
  return portfolioResponseSchema.parse(
    await apiRequest<unknown>(`${portfolioPath(id)}/reset`, { method: 'POST' }),
  ).portfolio;
}

/** `PUT /api/portfolios/:id/team`: into the user's team, or back out (its maker only). */
export async function sharePortfolio(id: string, shared: boolean): Promise<Portfolio> {
  return portfolioResponseSchema.parse(
    await apiRequest<unknown>(`${portfolioPath(id)}/team`, { method: 'PUT', body: { shared } }),
  ).portfolio;
}

/** Creating, renaming and deleting portfolios; every portfolio figure is refetched after. */
export function usePortfolioActions() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all });
  return {
    create: useMutation({ mutationFn: createPortfolio, onSuccess }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => renamePortfolio(id, name),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deletePortfolio, onSuccess }),
    practice: useMutation({ mutationFn: openPracticePortfolio, onSuccess }),
    reset: useMutation({ mutationFn: resetPracticePortfolio, onSuccess }),
    share: useMutation({
      mutationFn: ({ id, shared }: { id: string; shared: boolean }) => sharePortfolio(id, shared),
      onSuccess,
    }),
  };
}
