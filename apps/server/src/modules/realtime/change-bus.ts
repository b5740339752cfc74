import { randomBytes } from 'node:crypto';
import type { LiveEvent } from '@tickerwise/shared';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { eventFrame } from '../../http/event-stream.ts';

/** The NOTIFY channel the `announce_change()` trigger writes to (migration 0002). */
export const changeChannel = 'app_changes';

const announcementSchema = z.object({
  topic: z.string().min(1),
  /** null: the change concerns everyone. */
  userIds: z.array(z.string()).nullable(),
});

/** Takes one event as the text of its Server-Sent Events frame, the same text for every stream. */
type Subscriber = (frame: string) => void;

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
 * (ADR 0070).
 */
export class ChangeBus {
  private readonly everyone = new Set<Subscriber>();
  private readonly markPrefix = randomBytes(6).toString('base64url');
  private announcements = 0;
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private stopListening: (() => Promise<void>) | undefined;
  private stopRestored: (() => void) | undefined;

  constructor(
    private readonly database: Database,
    private readonly onBadAnnouncement: (payload: string) => void = () => {},
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
    this.announcements += 1;
    const event: LiveEvent = {
      type: 'change',
      topic: announcement.topic,
      mark: `${this.markPrefix}.${this.announcements}`,
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
}
