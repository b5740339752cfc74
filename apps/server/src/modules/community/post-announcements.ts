import type { AnnouncedPost, LiveEvent } from '@tickerwise/shared';
import { eventFrame } from '../../http/event-stream.ts';
import type { Announcement, ChangeBus } from '../realtime/index.ts';
import type { AnnouncedRow, CommunityStore } from './community-store.ts';

/** A batch of announcements starts at most this often; the first after a quiet spell at once. */
export const announceEveryMs = 200;
/** Posts read and announced in one batch; more (a bulk insert) wait for the next. */
const maxPerBatch = 250;

export interface PostAnnouncementOptions {
  store: CommunityStore;
  bus: ChangeBus;
  onError: (error: unknown) => void;
  spacingMs?: number;
  now?: () => number;
}

/**
 * Tells every open stream of this instance about new posts and replies, each reader what
 * their feed's "N new posts" pill and open threads need, so that no tab has to ask
 * (ADR 0076). The database announces each inserted post or reply by id (`community_posts`,
 * migration 0035) to every instance. Announcements that arrive while a batch is being read or
 * written, or within `spacingMs` of the last batch's start, wait and go together: during a
 * burst an instance reads once and writes each stream once per batch, not once per post.
 *
 * A batch is one statement (`CommunityStore.announced`): the posts still visible (a post held
 * for review, hidden or already deleted is never announced), with the members on either side
 * of a block with each author and which of the connected members follow each author or one of
 * its symbols. A reader then gets, in one `change` event, the posts they may see, each with its
 * feed cursor and whether it is in their Following tab, and the ids of the posts that got
 * replies they may see; a reader with nothing to see gets no event. Readers with the same view
 * of the batch share one serialized frame: usually one for everyone but the author's blocks
 * and the followers.
 */
export class PostAnnouncements {
  private readonly pending: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private stopped = false;
  private readonly spacingMs: number;
  private readonly now: () => number;

  constructor(private readonly options: PostAnnouncementOptions) {
    this.spacingMs = options.spacingMs ?? announceEveryMs;
    this.now = options.now ?? (() => performance.now());
    options.bus.route('community_posts', (announcement) => this.take(announcement));
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private take(announcement: Announcement): void {
    if (announcement.id === undefined) return;
    this.pending.push(announcement.id);
    this.schedule();
  }

  private schedule(): void {
    if (this.running || this.timer || this.stopped || this.pending.length === 0) return;
    const wait = Math.max(0, this.lastStart + this.spacingMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, wait);
  }

  private async run(): Promise<void> {
    this.running = true;
    this.lastStart = this.now();
    const ids = this.pending.splice(0, maxPerBatch);
    try {
      const readers = this.options.bus.connectedUsers();
      if (readers.length > 0) {
        const rows = await this.options.store.announced(ids, readers);
        if (rows.length > 0) {
          // A member who connected since the statement was sent is left out: their stream's
          // opening count (use-new-posts.ts) was asked after these posts were committed.
          const audience = new Set(readers);
          const frameFor = framesFor(rows, this.options.bus.nextMark());
          await this.options.bus.fanOut((userId) =>
            audience.has(userId) ? frameFor(userId) : undefined,
          );
        }
      }
    } catch (error) {
      // Those posts go unannounced; tabs find them at their next count (reconnection).
      this.options.onError(error);
    } finally {
      this.running = false;
      this.schedule();
    }
  }
}

/**
 * Each reader's frame for a batch, serialized once for every reader who sees the batch the
 * same way. A reader's view is, for each row, whether they may see it and, for a post,
 * whether it is in their Following tab.
 */
export function framesFor(
  rows: AnnouncedRow[],
  mark: string,
): (userId: string) => string | undefined {
  const prepared = rows.map((row) => ({
    row,
    partners: new Set(row.partners),
    followers: new Set(row.followers),
  }));
  const frames = new Map<string, string | undefined>();
  return (userId) => {
    let view = '';
    for (const { row, partners, followers } of prepared) {
      if (partners.has(userId)) view += '-';
      else if (row.parentId !== null) view += 'r';
      else view += row.authorId === userId || followers.has(userId) ? 'f' : 'a';
    }
    if (frames.has(view)) return frames.get(view);
    const posts: AnnouncedPost[] = [];
    const replies = new Set<string>();
    prepared.forEach(({ row }, index) => {
      const seen = view[index];
      if (seen === 'r' && row.parentId !== null) replies.add(row.parentId);
      else if (seen === 'a' || seen === 'f') {
        posts.push({ id: row.id, cursor: row.cursor, following: seen === 'f' });
      }
    });
    const frame =
      posts.length === 0 && replies.size === 0
        ? undefined
        : eventFrame({
            type: 'change',
            topic: 'community_posts',
            mark,
            ...(posts.length > 0 ? { posts } : {}),
            ...(replies.size > 0 ? { replies: [...replies] } : {}),
          } satisfies LiveEvent);
    frames.set(view, frame);
    return frame;
  };
}
