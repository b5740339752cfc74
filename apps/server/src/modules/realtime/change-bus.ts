import { randomBytes } from 'node:crypto';
import { type LiveEvent, recentChangesMs } from '@tickerwise/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { eventFrame } from '../../http/event-stream.ts';

/** The NOTIFY channel the `announce_change()` trigger writes to (migration 0002). */
export const changeChannel = 'app_changes';

const announcementSchema = z.object({
  topic: z.string().min(1),
  /** null: the change concerns everyone. */
  userIds: z.array(z.string()).nullable(),
  /** The changed row's id, for a topic whose announcements name it (`community_posts`). */
  id: z.string().optional(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** Takes one event as the text of its Server-Sent Events frame, the same text for every stream. */
type Subscriber = (frame: string) => void;

/** Streams written before the loop is let go, in a fan-out (`ChangeBus.fanOut`). */
const streamsPerSlice = 250;

/**
 * How long the bus remembers which topics it announced to whom: a stream opening names the
 * topics of its member announced in this time (`recentTopics`, the `hello`'s `recent`), so a
 * tab whose first stream opens moments after its first reads refetches only what changed in
 * between, not everything it has just read (docs/ARCHITECTURE.md, Realtime).
 */
export const recentAnnouncementsMs = recentChangesMs;
/** Clocks and the way to the server differ a little: a read that began earlier still counts. */
const readsSlackMs = 1_000;

/**
 * Fans the database's change announcements out to the live streams of this instance. Every
 * instance listens on the same channel, so a change written through any of them, or by any
 * other tool, reaches every connected user it concerns, and nobody else.
 *
 * Each announcement becomes one event with a mark of its own (this instance's prefix and a
 * sequence number), serialized once and written as the same text to every stream it concerns:
 * a post reaching 1,000 streams costs one JSON.stringify, not 1,000. A read named by a mark
 * was asked after that announcement was heard, so after its change was committed: the
 * community's new-posts count answers every read naming the same mark from one reading
 * (ADR 0070). A topic whose event differs by reader is handed to the module that `route`s it,
 * which writes each stream its own frame through `fanOut` (ADR 0076).
 */
export class ChangeBus {
  private readonly everyone = new Set<Subscriber>();
  private readonly markPrefix = randomBytes(6).toString('base64url');
  private announcements = 0;
  private readonly byUser = new Map<string, Set<Subscriber>>();
  /** Topics whose announcements a module delivers itself (`route`). */
  private readonly routes = new Map<string, (announcement: Announcement) => void>();
  private stopListening: (() => Promise<void>) | undefined;
  private stopRestored: (() => void) | undefined;
  /** When each topic was last announced to everyone, and to each member (app clock, ms). */
  private readonly announcedToEveryone = new Map<string, number>();
  private readonly announcedTo = new Map<string, Map<string, number>>();
  private forgottenAt = 0;

  constructor(
    private readonly database: Database,
    private readonly onBadAnnouncement: (payload: string) => void = () => {},
    /** The app's clock, in ms. */
    private readonly now: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(changeChannel, (payload) =>
      this.deliver(payload),
    );
    // Announcements sent while the listening connection was down are lost: tell everyone
    // to refetch.
    this.stopRestored = this.database.onListenRestored(() => {
      const resync = eventFrame({ type: 'resync' } satisfies LiveEvent);
      for (const subscriber of this.everyone) subscriber(resync);
    });
  }

  async stop(): Promise<void> {
    this.stopRestored?.();
    await this.stopListening?.();
  }

  /** Number of live streams on this instance. */
  get size(): number {
    return this.everyone.size;
  }

  /** The members with at least one stream open on this instance. */
  connectedUsers(): string[] {
    return [...this.byUser.keys()];
  }

  /** A new mark: this instance's prefix and the next sequence number (ADR 0070). */
  nextMark(): string {
    this.announcements += 1;
    return `${this.markPrefix}.${this.announcements}`;
  }

  /**
   * Hands `topic`'s announcements to `deliver` instead of sending the same event to everyone
   * it concerns: for a topic whose event differs by reader (`community_posts`, ADR 0076).
   */
  route(topic: string, deliver: (announcement: Announcement) => void): void {
    this.routes.set(topic, deliver);
  }

  /**
   * Writes to each open stream the frame `frameFor` gives its member (nothing for undefined),
   * a slice of streams at a time, letting the event loop answer requests between slices. The
   * caller serializes each distinct frame once (`frameFor` is asked once a member).
   */
  async fanOut(frameFor: (userId: string) => string | undefined): Promise<void> {
    let written = 0;
    for (const [userId, subscribers] of [...this.byUser]) {
      const frame = frameFor(userId);
      if (frame === undefined) continue;
      for (const subscriber of subscribers) {
        // A stream that closed since the fan-out began is not written to.
        if (!this.everyone.has(subscriber)) continue;
        subscriber(frame);
        written += 1;
        if (written % streamsPerSlice === 0) await new Promise((go) => setImmediate(go));
      }
    }
  }

  /**
   * The topics announced to `userId` or to everyone in the last `recentAnnouncementsMs`, or
   * since reads that began `readsAgoMs` ago, sorted: what may have changed just before a
   * stream of theirs opened.
   */
  recentTopics(userId: string, readsAgoMs?: number): string[] {
    const within = Math.min(recentAnnouncementsMs, (readsAgoMs ?? Infinity) + readsSlackMs);
    const since = this.now() - within;
    const topics = new Set<string>();
    for (const announced of [this.announcedToEveryone, this.announcedTo.get(userId)]) {
      for (const [topic, at] of announced ?? []) if (at >= since) topics.add(topic);
    }
    return [...topics].sort();
  }

  subscribe(userId: string, subscriber: Subscriber): () => void {
    this.everyone.add(subscriber);
    let own = this.byUser.get(userId);
    if (!own) {
      own = new Set();
      this.byUser.set(userId, own);
    }
    own.add(subscriber);
    return () => {
      this.everyone.delete(subscriber);
      const current = this.byUser.get(userId);
      current?.delete(subscriber);
      if (current?.size === 0) this.byUser.delete(userId);
    };
  }

  private deliver(payload: string): void {
    let announcement: z.infer<typeof announcementSchema>;
    try {
      announcement = announcementSchema.parse(JSON.parse(payload));
    } catch {
      this.onBadAnnouncement(payload);
      return;
    }
    this.remember(announcement);
    const routed = this.routes.get(announcement.topic);
    if (routed) {
      routed(announcement);
      return;
    }
    const event: LiveEvent = {
      type: 'change',
      topic: announcement.topic,
      mark: this.nextMark(),
    };
    const frame = eventFrame(event);
    if (announcement.userIds === null) {
      for (const subscriber of this.everyone) subscriber(frame);
      return;
    }
    for (const userId of new Set(announcement.userIds)) {
      for (const subscriber of this.byUser.get(userId) ?? []) subscriber(frame);
    }
  }

  private remember({ topic, userIds }: Announcement): void {
    const now = this.now();
    if (userIds === null) this.announcedToEveryone.set(topic, now);
    for (const userId of userIds ?? []) {
      let topics = this.announcedTo.get(userId);
      if (!topics) {
        topics = new Map();
        this.announcedTo.set(userId, topics);
      }
      topics.set(topic, now);
    }
    // Once a window: what is older than the window goes, so memory follows the recent traffic.
    if (now - this.forgottenAt < recentAnnouncementsMs) return;
    this.forgottenAt = now;
    const since = now - recentAnnouncementsMs;
    for (const [topic, at] of this.announcedToEveryone) {
      if (at < since) this.announcedToEveryone.delete(topic);
    }
    for (const [userId, topics] of this.announcedTo) {
      for (const [topic, at] of topics) if (at < since) topics.delete(topic);
      if (topics.size === 0) this.announcedTo.delete(userId);
    }
  }
}
