import type { FeedTab } from '@tickerwise/shared';
import { useEffect, useState } from 'react';
import { subscribeLiveEvents } from '../../../lib/live-events.ts';
import { newPostsCount } from './community-api.ts';

/** A burst of posts asks the server once: at most one count per this long. */
const countEveryMs = 3_000;

/**
 * How many posts of the tab came after `head` (the newest post on screen), kept up to date
 * from the live `community_posts` events; 0 until one arrives. Each count names the mark of
 * the latest event, so the server answers every open feed with the same head from one reading
 * (ADR 0070); after a (re)connection, which may follow missed events, it names none.
 */
export function useNewPosts(tab: FeedTab, head: string | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    if (!head) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastAsked = 0;
    let controller: AbortController | undefined;
    let mark: string | undefined;
    const ask = () => {
      timer = undefined;
      lastAsked = Date.now();
      controller?.abort();
      controller = new AbortController();
      newPostsCount(tab, head, mark, controller.signal)
        .then((answer) => setCount(answer.count))
        .catch(() => {
          // A failed count waits for the next post or reconnection.
        });
    };
    const stop = subscribeLiveEvents('community_posts', (change) => {
      mark = change?.mark;
      if (timer) return;
      timer = setTimeout(ask, Math.max(0, lastAsked + countEveryMs - Date.now()));
    });
    return () => {
      stop();
      clearTimeout(timer);
      controller?.abort();
    };
  }, [tab, head]);
  return count;
}
