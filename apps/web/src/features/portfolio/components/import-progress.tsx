import { useQuery } from '@tanstack/react-query';
import {
  type ImportProgress,
  importProgressResponseSchema,
  importStageLabels,
} from '@tickerwise/shared';
import { apiRequest } from '../../../lib/api-client.ts';
import { portfolioPath } from '../api/portfolio-keys.ts';

/** `GET /api/portfolios/:id/imports/progress`: how far the running import or preview has come. */
async function fetchImportProgress(portfolioId: string): Promise<ImportProgress | null> {
  const answer = importProgressResponseSchema.parse(
    await apiRequest<unknown>(`${portfolioPath(portfolioId)}/imports/progress`),
  );
  return answer.progress;
}

/** Asks twice a second while `running` (a preview or import request is out), else not at all. */
export function useImportProgress(portfolioId: string, running: boolean) {
  return useQuery({
    queryKey: ['import-progress', portfolioId],
    queryFn: () => fetchImportProgress(portfolioId),
    enabled: running,
    refetchInterval: running ? 500 : false,
    gcTime: 0,
    staleTime: 0,
  });
}

/**
 * What a running preview or import is doing: its stage and rows done as a bar, or `waiting`
 * until the server says (a small file is done before it does).
 */
export function ImportProgressBar({
  portfolioId,
  running,
  waiting,
}: {
  portfolioId: string;
  running: boolean;
  waiting: string;
}) {
  const { data: progress } = useImportProgress(portfolioId, running);
  if (!running) return null;
  if (!progress || progress.total === 0) {
    return (
      <p role="status" className="text-sm text-slate-600">
        {waiting}
      </p>
    );
  }
  const percent = Math.min(100, Math.round((progress.done / progress.total) * 100));
  const label = `${importStageLabels[progress.stage]}: ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')}`;
  return (
    <div role="status" className="flex flex-col gap-1 text-sm text-slate-600">
      <span>{label}</span>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-500 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
