import { ApiRequestError, apiRequest } from '../../../lib/api-client.ts';

/**
 * `GET /api/me/export`: everything Tickerwise holds about the user, saved as one JSON file.
 * Answers the file's name.
 */
export async function downloadExport(): Promise<string> {
  const data = await apiRequest<unknown>('/api/me/export');
  if (!data || typeof data !== 'object') {
    throw new ApiRequestError(0, 'bad_export', 'The download was empty. Please try again.');
  }
  const exportedAt = (data as { exportedAt?: unknown }).exportedAt;
  const day = typeof exportedAt === 'string' ? exportedAt.slice(0, 10) : 'today';
  const fileName = `tickerwise-data-${day}.json`;
  const url = URL.createObjectURL(
    new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' }),
  );
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser by now.
    setTimeout(() => URL.revokeObjectURL(url), 1_000);
  }
  return fileName;
}
