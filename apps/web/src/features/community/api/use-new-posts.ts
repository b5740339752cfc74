import { type FeedTab, newPostsCountLimit } from '@tickerwise/shared';
import { useEffect, useState } from 'react';
import { subscribeLiveEvents } from '../../../lib/live-events.ts';
import { newPostsCount } from './community-api.ts';

/** Reconnections in a row ask the server at most once per this long. */
const countEveryMs = 3_000;

/** A feed cursor's place (its time and id, as the server orders posts), or null if unreadable. */
function placeOf(cursor: string): [string, string] | null {
  try {
    const base64 = cursor.replaceAll('-', '+').replaceAll('_', '/');
    const [at, id] = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')).split('|');
    return at && id ? [at, id] : null;
  } catch {
    return null;
  }
}

/**
 * Whether the post at `cursor` is newer than the reader's `head`: its time (ISO 8601 in UTC,
 * which sorts as text) and then its id, as the server compares them.
 */
function isAfter(cursor: string, head: [string, string] | null): boolean {
  const place = placeOf(cursor);
  if (!place || !head) return true;
  return place[0] > head[0] || (place[0] === head[0] && place[1] > head[1]);
}

/**
 * How many posts of the tab came after `head` (the newest post on screen). Each live
 * `community_posts` event carries the new posts this reader may see, with their place and
 * whether they are in the Following tab (ADR 0076), so the count grows without a request.
 * When the stream (re)opens, after which posts may have been missed, the tab asks the server
 * for the posts after the head (their ids) and adds those announced while it asked: no post
 * is counted twice, none missed.
 */
export function useNewPosts(tab: FeedTab, head: string | null): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    setCount(0);
    if (!head) return;
    const place = placeOf(head);
    let known = new Set<string>();
    /** Posts announced since the pending question was asked; undefined when none is. */
    let sinceAsked: Set<string> | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastAsked = 0;
    let controller: AbortController | undefined;
    const show = () => setCount(Math.min(known.size, newPostsCountLimit));
    const ask = () => {
      timer = undefined;
      lastAsked = Date.now();
      controller?.abort();
      controller = new AbortController();
      const announced = new Set<string>();
      sinceAsked = announced;
      newPostsCount(tab, head, controller.signal)
        .then((answer) => {
          known = new Set([...answer.ids, ...announced]);
          show();
        })
        .catch(() => {
          // A failed count waits for the next reconnection; announced posts still count.
        })
        .finally(() => {
          if (sinceAsked === announced) sinceAsked = undefined;
        });
    };
    const stop = subscribeLiveEvents('community_posts', (change) => {
      if (change && (change.posts || change.replies)) {
        for (const post of change.posts ?? []) {
          if (tab === 'following' && !post.following) continue;
          if (!isAfter(post.cursor, place)) continue;
          known.add(post.id);
          sinceAsked?.add(post.id);
        }
        show();
        return;
      }
      // The stream (re)opened, or an event that says only that posts changed: ask.
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
