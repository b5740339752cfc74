import type { FeedTab } from '@tickerwise/shared';
import type { CommunityStore, NewPostsOfAuthor } from './community-store.ts';

/** How long one reading answers the reads that name its head and mark. */
const keepMs = 10_000;
/** Readings kept at once; the oldest goes first. */
const maxReadings = 500;

/**
 * The "N new posts" count of the feed (`GET /api/community/feed/new`, ADR 0070). Tabs now
 * count the posts their events carry (ADR 0076) and ask only when their stream (re)opens,
 * without a mark; tabs loaded before that change asked after every announcement, with
 * 1,000 readers 1,000 counts at once, and are still answered so. A count that names the announcement's
 * mark (the `mark` of the `change` event it follows) shares one reading of the posts after its
 * head with every other count naming the same head and mark, for a few seconds: the new
 * visible top-level posts by author, with the members on either side of a block with each
 * author (`CommunityStore.newPostsByAuthor`). Each reader's count is then taken in memory: All
 * leaves out the authors blocked with the reader; Following also reads the reader's own lists
 * (one small statement) and keeps the posts of the members and symbols they follow.
 *
 * Sharing is safe because a mark is only known after its announcement, which PostgreSQL sends
 * after the post's commit: every reading keyed by a mark began after the post was there to be
 * counted, on whichever instance. A count without a mark (the one a feed asks when its stream
 * opens) reads for its reader alone, as does one whose shared reading was full (more new posts
 * than the count shows) yet left fewer than that for the reader.
 */
export class NewPostsCounter {
  private readonly readings = new Map<
    string,
    { until: number; read: Promise<NewPostsOfAuthor[]> }
  >();

  constructor(
    private readonly store: CommunityStore,
    private readonly limit: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The ids of the posts counted (at most the limit); the count is their number. */
  async count(viewerId: string, tab: FeedTab, after: string, mark?: string): Promise<string[]> {
    if (mark === undefined) return this.store.newAfter(viewerId, { kind: tab }, after, this.limit);
    const [authors, following] = await Promise.all([
      this.shared(after, mark),
      tab === 'following' ? this.store.following(viewerId) : undefined,
    ]);
    const symbols = new Set(following?.symbols);
    let read = 0;
    const counted: string[] = [];
    for (const author of authors) {
      read += author.posts.length;
      if (author.partners.includes(viewerId)) continue;
      const theirs = !following || following.members.includes(author.authorId);
      for (const post of author.posts) {
        if (theirs || post.symbols.some((symbol) => symbols.has(symbol))) counted.push(post.id);
      }
    }
    if (read >= this.limit && counted.length < this.limit) {
      // Past the shared reading's posts there may be more of this reader's.
      return this.store.newAfter(viewerId, { kind: tab }, after, this.limit);
    }
    return counted.slice(0, this.limit);
  }

  /** The reading of the posts after `after` that every count naming `mark` shares. */
  private shared(after: string, mark: string): Promise<NewPostsOfAuthor[]> {
    const key = `${after}|${mark}`;
    const now = this.now();
    const kept = this.readings.get(key);
    if (kept && kept.until > now) return kept.read;
    for (const [oldKey, old] of this.readings) {
      if (this.readings.size < maxReadings && old.until > now) break;
      this.readings.delete(oldKey);
    }
    const read = this.store.newPostsByAuthor(after, this.limit);
    const entry = { until: now + keepMs, read };
    this.readings.set(key, entry);
    read.catch(() => {
      if (this.readings.get(key) === entry) this.readings.delete(key);
    });
    return read;
  }
}
