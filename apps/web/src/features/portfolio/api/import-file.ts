import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ImportPreview,
  type ImportRequest,
  type ImportResult,
  importPreviewSchema,
  importResultSchema,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { portfolioKeys, portfolioPath } from './portfolio-keys.ts';

/** `POST /api/portfolios/:id/imports/preview`: what the file would import, and its errors. */
export async function previewImport(id: string, request: ImportRequest): Promise<ImportPreview> {
  return importPreviewSchema.parse(
    await apiRequest<unknown>(`${portfolioPath(id)}/imports/preview`, { body: request }),
  );
}

/** `POST /api/portfolios/:id/imports`: the whole file in one transaction, or nothing. */
export async function importFile(id: string, request: ImportRequest): Promise<ImportResult> {
  return importResultSchema.parse(
    await apiRequest<unknown>(`${portfolioPath(id)}/imports`, { body: request }),
  );
}

export function useImport(portfolioId: string) {
  const queryClient = useQueryClient();
  return {
    preview: useMutation({
      mutationFn: (request: ImportRequest) => previewImport(portfolioId, request),
    }),
    commit: useMutation({
      mutationFn: (request: ImportRequest) => importFile(portfolioId, request),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
    }),
  };
}

/** Where the browser downloads a portfolio's CSV exports (the session cookie goes along). */
export function exportUrl(id: string, what: 'transactions' | 'holdings'): string {
  return `${portfolioPath(id)}/exports/${what}.csv`;
}
