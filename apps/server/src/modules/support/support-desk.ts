import {
  addBusinessHours,
  type CreateSupportRequestInput,
  entitlementsFor,
  type SupportAttachmentInput,
  type SupportAttachmentType,
  type SupportCategory,
  type SupportMessage,
  type SupportQueue,
  type SupportQueueCount,
  type SupportRequest,
  type SupportRequestList,
  type SupportRequestSummary,
  type SupportStatus,
  supportLimitCode,
  supportLimits,
  supportRequestPath,
  supportTargets,
} from '@tickerwise/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import {
  supportAgents,
  supportAttachments,
  supportMessages,
  supportRequests,
  user,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Mailer, Outbox } from '../email/service.ts';
import { insertNotification } from '../notifications/service.ts';
import { StaffRole } from '../operator/service.ts';
import { lockTier, tierOf } from '../profiles/service.ts';
import { supportReplyEmail } from './emails.tsx';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingRequest = () => notFound('This support request does not exist.');
const missingAttachment = () => notFound('This attachment does not exist.');
/** What a user who is not a support agent gets from the queue's routes. */
const notAnAgent = () => notFound('Not found');
/** Requests the queue shows at once (the count covers every one). */
const queueLimit = 200;
/** The name answers carry: support speaks as the team, not as one agent. */
const supportName = 'Tickerwise Support';

type RequestRow = typeof supportRequests.$inferSelect;

function summaryOf(row: RequestRow): SupportRequestSummary {
  return {
    id: row.id,
    subject: row.subject,
    category: row.category as SupportCategory,
    status: row.status as SupportStatus,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    firstReplyDueAt: row.firstRepliedAt ? null : row.firstReplyDueAt.toISOString(),
    firstRepliedAt: row.firstRepliedAt?.toISOString() ?? null,
    messageCount: row.messageCount,
  };
}

/** The first bytes each image type starts with: a screenshot is checked, not trusted. */
function looksLike(type: SupportAttachmentType, bytes: Buffer): boolean {
  switch (type) {
    case 'image/png':
      return bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
    case 'image/jpeg':
      return bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
    case 'image/gif':
      return ['GIF87a', 'GIF89a'].includes(bytes.subarray(0, 6).toString('latin1'));
    case 'image/webp':
      return (
        bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
        bytes.subarray(8, 12).toString('latin1') === 'WEBP'
      );
  }
}

/** The screenshot's bytes, refused (422) unless they are an image of the type named, ≤ 1 MB. */
function decodeAttachment(input: SupportAttachmentInput): Buffer {
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length > supportLimits.attachmentBytes) {
    throw new AppError(400, 'attachment_too_large', 'A screenshot may be at most 1 MB.', {
      attachment: 'The screenshot is larger than 1 MB',
    });
  }
  if (bytes.length === 0 || !looksLike(input.type, bytes)) {
    throw new AppError(400, 'attachment_not_image', 'Attach a PNG, JPEG, WebP or GIF image.', {
      attachment: 'This file is not a PNG, JPEG, WebP or GIF image',
    });
  }
  return bytes;
}

export interface SupportDeskDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  outbox: Outbox;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}

/** Who is acting on a request: its owner, or a support agent answering it. */
type Role = 'owner' | 'agent';

/**
 * Support requests (docs/PRODUCT.md §3.27, ADR 0048): users write to support and follow their
 * requests; agents (a role the operator grants, `npm run support`) answer from a queue ordered
 * by priority, then by how long the request has waited. Each account may keep a bounded number
 * of requests open, counted under the lock of its plan row, so two tabs cannot pass the limit.
 */
export class SupportDesk {
  readonly agents: StaffRole;

  constructor(private readonly deps: SupportDeskDeps) {
    this.agents = new StaffRole(deps.db, deps.clock, supportAgents);
  }

  /** The queue's routes do not exist for users who are not agents (404). */
  async requireAgent(userId: string): Promise<void> {
    if (!(await this.agents.has(userId))) throw notAnAgent();
  }

  /** The user's requests, their plan's terms, and whether they may open the queue. */
  async list(userId: string): Promise<SupportRequestList> {
    const { db } = this.deps;
    const [rows, tier, agent] = await Promise.all([
      db
        .select()
        .from(supportRequests)
        .where(eq(supportRequests.userId, userId))
        .orderBy(desc(supportRequests.updatedAt), desc(supportRequests.id))
        .limit(200),
      tierOf(db, userId),
      this.agents.has(userId),
    ]);
    const priority = entitlementsFor(tier).prioritySupport;
    return {
      requests: rows.map(summaryOf),
      priority,
      target: supportTargets[priority ? 'priority' : 'standard'].label,
      openCount: await this.openCount(db, userId),
      openLimit: supportLimits.openRequests,
      agent,
    };
  }

  /**
   * Sends a new request: its priority and first-reply target come from the plan now. Refused
   * with 409 when the account has its open requests already.
   */
  async create(userId: string, input: CreateSupportRequestInput): Promise<SupportRequest> {
    const attachment = input.attachment ? decodeAttachment(input.attachment) : undefined;
    const { db, clock } = this.deps;
    const id = await db.transaction(async (tx) => {
      const tier = await lockTier(tx, userId);
      await this.requireRoom(tx, userId);
      const now = clock();
      const priority = entitlementsFor(tier).prioritySupport;
      const due = addBusinessHours(
        now,
        supportTargets[priority ? 'priority' : 'standard'].businessHours,
      );
      const [request] = await tx
        .insert(supportRequests)
        .values({
          userId,
          subject: input.subject,
          category: input.category,
          status: 'open',
          priority,
          tier,
          createdAt: now,
          updatedAt: now,
          firstReplyDueAt: due,
          messageCount: 1,
        })
        .returning({ id: supportRequests.id });
      await this.addMessage(tx, request!.id, userId, false, input.message, now, input, attachment);
      return request!.id;
    });
    return this.request(userId, id);
  }

  /** One request with its thread, for its owner or for an agent (with who asked). */
  async request(userId: string, requestId: string): Promise<SupportRequest> {
    const { row, role } = await this.access(userId, requestId);
    return this.full(row, role);
  }

  /**
   * Adds a message to the thread. From the owner it puts the request back in support's hands
   * (open, which a solved request may only be while the account has room); from an agent it
   * is an answer: the request waits on the user, who is told in the app and by email.
   */
  async reply(
    userId: string,
    requestId: string,
    input: { message: string; attachment?: SupportAttachmentInput },
  ): Promise<SupportRequest> {
    const attachment = input.attachment ? decodeAttachment(input.attachment) : undefined;
    const { role } = await this.access(userId, requestId);
    const { db, clock } = this.deps;
    const answered = await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ userId: supportRequests.userId })
        .from(supportRequests)
        .where(eq(supportRequests.id, requestId));
      if (!owner) throw missingRequest();
      await lockTier(tx, owner.userId);
      const [row] = await tx
        .select()
        .from(supportRequests)
        .where(eq(supportRequests.id, requestId))
        .for('update');
      if (!row) throw missingRequest();
      if (row.messageCount >= supportLimits.messagesPerRequest) {
        throw new AppError(
          409,
          'thread_full',
          `A request holds at most ${supportLimits.messagesPerRequest} messages. Start a new request to go on.`,
        );
      }
      if (role === 'owner' && row.status === 'solved') await this.requireRoom(tx, row.userId);
      const now = clock();
      const fromSupport = role === 'agent';
      await this.addMessage(tx, row.id, userId, fromSupport, input.message, now, input, attachment);
      const [updated] = await tx
        .update(supportRequests)
        .set({
          status: fromSupport ? 'waiting' : 'open',
          updatedAt: now,
          messageCount: row.messageCount + 1,
          solvedAt: null,
          ...(fromSupport && !row.firstRepliedAt ? { firstRepliedAt: now } : {}),
        })
        .where(eq(supportRequests.id, row.id))
        .returning();
      if (fromSupport) {
        await insertNotification(tx, {
          title: `Support answered: ${row.subject}`,
          message: 'Open the request to read the answer and reply.',
          link: supportRequestPath(row.id),
          userId: row.userId,
        });
      }
      return fromSupport ? updated! : undefined;
    });
    if (answered) await this.emailAnswer(answered, input.message);
    return this.request(userId, requestId);
  }

  /** Marks the request solved (its owner or an agent); a reply or "Reopen" opens it again. */
  async solve(userId: string, requestId: string): Promise<SupportRequest> {
    await this.access(userId, requestId);
    const now = this.deps.clock();
    await this.deps.db
      .update(supportRequests)
      .set({ status: 'solved', solvedAt: now, updatedAt: now })
      .where(
        and(
          eq(supportRequests.id, requestId),
          inArray(supportRequests.status, ['open', 'waiting']),
        ),
      );
    return this.request(userId, requestId);
  }

  /** Opens a solved request again, in support's hands, while the account has room. */
  async reopen(userId: string, requestId: string): Promise<SupportRequest> {
    const { row } = await this.access(userId, requestId);
    await this.deps.db.transaction(async (tx) => {
      await lockTier(tx, row.userId);
      const [current] = await tx
        .select({ status: supportRequests.status })
        .from(supportRequests)
        .where(eq(supportRequests.id, requestId))
        .for('update');
      if (current?.status !== 'solved') return;
      await this.requireRoom(tx, row.userId);
      await tx
        .update(supportRequests)
        .set({ status: 'open', solvedAt: null, updatedAt: this.deps.clock() })
        .where(eq(supportRequests.id, requestId));
    });
    return this.request(userId, requestId);
  }

  /** A screenshot of a request the user may read: its owner's, or any for an agent. */
  async attachment(
    userId: string,
    attachmentId: string,
  ): Promise<{ type: string; data: Buffer; name: string | null }> {
    if (!uuidPattern.test(attachmentId)) throw missingAttachment();
    const [found] = await this.deps.db
      .select({
        type: supportAttachments.contentType,
        data: supportAttachments.data,
        name: supportAttachments.name,
        ownerId: supportRequests.userId,
      })
      .from(supportAttachments)
      .innerJoin(supportRequests, eq(supportRequests.id, supportAttachments.requestId))
      .where(eq(supportAttachments.id, attachmentId));
    if (!found) throw missingAttachment();
    if (found.ownerId !== userId && !(await this.agents.has(userId))) throw missingAttachment();
    return { type: found.type, data: found.data, name: found.name };
  }

  /**
   * The agents' queue: requests waiting for support, priority first, then the one that has
   * waited longest since the user last wrote; with how many wait and how many are past their
   * first-reply target.
   */
  async queue(agentId: string): Promise<SupportQueue> {
    await this.requireAgent(agentId);
    const rows = await this.deps.db
      .select({ request: supportRequests, name: user.name, email: user.email })
      .from(supportRequests)
      .innerJoin(user, eq(user.id, supportRequests.userId))
      .where(eq(supportRequests.status, 'open'))
      .orderBy(
        desc(supportRequests.priority),
        asc(supportRequests.updatedAt),
        asc(supportRequests.id),
      )
      .limit(queueLimit);
    return {
      requests: rows.map((row) => ({
        ...summaryOf(row.request),
        requester: { name: row.name, email: row.email, tier: row.request.tier },
      })),
      ...(await this.counts()),
    };
  }

  /** The queue's live count. */
  async queueCount(agentId: string): Promise<SupportQueueCount> {
    await this.requireAgent(agentId);
    return this.counts();
  }

  private async counts(): Promise<SupportQueueCount> {
    const [row] = await this.deps.db
      .select({
        openCount: count(),
        overdueCount: sql<number>`count(*) filter (where ${supportRequests.firstRepliedAt} is null and ${supportRequests.firstReplyDueAt} < ${this.deps.clock()})`,
      })
      .from(supportRequests)
      .where(eq(supportRequests.status, 'open'));
    return { openCount: Number(row?.openCount ?? 0), overdueCount: Number(row?.overdueCount ?? 0) };
  }

  /** The agents, for the operator's `npm run support -- list`. */
  async listAgents() {
    const holders = await this.agents.holders();
    return {
      agents: holders.map(({ email, name, grantedAt }) => ({
        email,
        name,
        grantedAt: grantedAt.toISOString(),
      })),
    };
  }

  private async openCount(db: Db, userId: string): Promise<number> {
    const [row] = await db
      .select({ open: count() })
      .from(supportRequests)
      .where(
        and(
          eq(supportRequests.userId, userId),
          inArray(supportRequests.status, ['open', 'waiting']),
        ),
      );
    return Number(row?.open ?? 0);
  }

  /** 409 when the account has its open requests already (called under its plan row's lock). */
  private async requireRoom(tx: Db, userId: string): Promise<void> {
    const open = await this.openCount(tx, userId);
    if (open >= supportLimits.openRequests) {
      throw new AppError(
        409,
        supportLimitCode,
        `You have ${supportLimits.openRequests} open requests, the most an account may have at once. Mark one solved, or add to it, to write about something new.`,
      );
    }
  }

  private async addMessage(
    tx: Db,
    requestId: string,
    authorId: string,
    fromSupport: boolean,
    body: string,
    at: Date,
    input: { attachment?: SupportAttachmentInput },
    attachment: Buffer | undefined,
  ): Promise<void> {
    const [message] = await tx
      .insert(supportMessages)
      .values({ requestId, authorId, fromSupport, body, createdAt: at })
      .returning({ id: supportMessages.id });
    if (attachment && input.attachment) {
      await tx.insert(supportAttachments).values({
        messageId: message!.id,
        requestId,
        contentType: input.attachment.type,
        name: input.attachment.name || null,
        bytes: attachment.length,
        data: attachment,
        createdAt: at,
      });
    }
  }

  /** The request if the user may see it: 404 for anyone but its owner and the agents. */
  private async access(
    userId: string,
    requestId: string,
  ): Promise<{ row: RequestRow; role: Role }> {
    if (!uuidPattern.test(requestId)) throw missingRequest();
    const [row] = await this.deps.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, requestId));
    if (!row) throw missingRequest();
    if (row.userId === userId) return { row, role: 'owner' };
    if (await this.agents.has(userId)) return { row, role: 'agent' };
    throw missingRequest();
  }

  private async full(row: RequestRow, role: Role): Promise<SupportRequest> {
    const { db } = this.deps;
    const messages = await db
      .select({
        id: supportMessages.id,
        fromSupport: supportMessages.fromSupport,
        body: supportMessages.body,
        createdAt: supportMessages.createdAt,
        authorName: user.name,
        attachmentId: supportAttachments.id,
        attachmentType: supportAttachments.contentType,
        attachmentName: supportAttachments.name,
        attachmentBytes: supportAttachments.bytes,
      })
      .from(supportMessages)
      .leftJoin(user, eq(user.id, supportMessages.authorId))
      .leftJoin(supportAttachments, eq(supportAttachments.messageId, supportMessages.id))
      .where(eq(supportMessages.requestId, row.id))
      .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
    const thread: SupportMessage[] = messages.map((message) => ({
      id: message.id,
      fromSupport: message.fromSupport,
      author: message.fromSupport ? supportName : (message.authorName ?? 'You'),
      body: message.body,
      attachment: message.attachmentId
        ? {
            id: message.attachmentId,
            type: message.attachmentType as SupportAttachmentType,
            name: message.attachmentName,
            bytes: message.attachmentBytes ?? 0,
          }
        : null,
      createdAt: message.createdAt.toISOString(),
    }));
    const result: SupportRequest = { ...summaryOf(row), messages: thread };
    if (role === 'agent') {
      const [requester] = await db
        .select({ name: user.name, email: user.email })
        .from(user)
        .where(eq(user.id, row.userId));
      result.requester = {
        name: requester?.name ?? '',
        email: requester?.email ?? '',
        tier: row.tier,
      };
    }
    return result;
  }

  /**
   * Emails the owner that support answered, to a confirmed address only (an unconfirmed one
   * may not be theirs). The notice in the app is written with the answer; a refused email
   * (limit, failing address) leaves that notice.
   */
  private async emailAnswer(request: RequestRow, answer: string): Promise<void> {
    const { db, mailer, outbox, publicUrl, log } = this.deps;
    const [owner] = await db
      .select({ id: user.id, email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, request.userId));
    if (!owner?.verified) return;
    const email = await mailer.prepare(
      supportReplyEmail(owner, { id: request.id, subject: request.subject, answer }, publicUrl),
    );
    const refused = await outbox.admits(email);
    if (refused) {
      log.warn({ reason: refused }, 'the email of a support answer was not sent');
      return;
    }
    await db.transaction((tx) => outbox.record(tx, email));
  }
}
