import { useQueryClient } from '@tanstack/react-query';
import type { AiCredits, AnalysisStreamEvent } from '@tickerwise/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { usageQueryKey } from '../../../lib/usage-query.ts';
import { analysisKeys } from './analysis-keys.ts';
import { postEventStream } from './event-stream.ts';

export type StreamPhase = 'idle' | 'streaming' | 'done' | 'error';

export interface AnalystStream<Result> {
  phase: StreamPhase;
  /** The text so far, as it is written. */
  text: string;
  /** Set when the text shown so far was withdrawn (it failed its check). */
  withdrawn: string | null;
  result: Result | null;
  /** Whether this request cost a credit. */
  charged: boolean | null;
  error: ApiRequestError | null;
}

const idle = {
  phase: 'idle',
  text: '',
  withdrawn: null,
  result: null,
  charged: null,
  error: null,
} as const;

/**
 * One streamed request of the analyst (the written analysis or an answer): the text grows as
 * the events arrive, and once the credits change everything showing them is refreshed.
 */
export function useAnalystStream<Result>(
  path: string,
  pick: (done: Extract<AnalysisStreamEvent, { event: 'done' }>['data']) => Result | null,
) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AnalystStream<Result>>(idle);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const creditsChanged = useCallback(
    (credits: AiCredits) => {
      queryClient.setQueryData(usageQueryKey, (usage: unknown) =>
        usage && typeof usage === 'object' && 'quotas' in usage
          ? { ...usage, quotas: { ...(usage.quotas as object), aiCalls: credits } }
          : usage,
      );
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
      void queryClient.invalidateQueries({ queryKey: analysisKeys.all });
    },
    [queryClient],
  );

  const start = useCallback(
    async (body: unknown) => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      setState({ ...idle, phase: 'streaming' });
      let credits: AiCredits | null = null;
      try {
        await postEventStream(
          path,
          body,
          (event) => {
            switch (event.event) {
              case 'start':
                credits = event.data.credits;
                setState((s) => ({ ...s, charged: event.data.charged }));
                break;
              case 'text':
                setState((s) => ({ ...s, text: s.text + event.data.text }));
                break;
              case 'reset':
                setState((s) => ({ ...s, text: '', withdrawn: event.data.message }));
                break;
              case 'done':
                credits = event.data.credits;
                setState((s) => ({
                  ...s,
                  phase: 'done',
                  charged: event.data.charged,
                  result: pick(event.data),
                }));
                break;
              case 'error':
                setState((s) => ({
                  ...s,
                  phase: 'error',
                  error: new ApiRequestError(500, event.data.code, event.data.message),
                }));
                break;
            }
          },
          abort.signal,
        );
        setState((s) =>
          s.phase === 'streaming'
            ? {
                ...s,
                phase: 'error',
                error: new ApiRequestError(
                  0,
                  'stream_cut',
                  'The connection closed before the text was complete. Please try again.',
                ),
              }
            : s,
        );
      } catch (error) {
        if ((error as Error).name === 'AbortError') return;
        setState((s) => ({
          ...s,
          phase: 'error',
          error:
            error instanceof ApiRequestError
              ? error
              : new ApiRequestError(0, 'stream_failed', 'Something went wrong. Please try again.'),
        }));
      } finally {
        if (credits) creditsChanged(credits);
      }
    },
    [path, pick, creditsChanged],
  );

  return { ...state, start };
}
