import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  supportAgents,
  supportAttachments,
  supportMessages,
  supportRequests,
} from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/**
 * The user's support requests and their threads in the data export; screenshots by type and
 * size (their bytes are the user's own files), and whether the account is a support agent.
 */
export function supportDataPart(db: Db): UserDataPart {
  return {
    name: 'support',
    tables: [supportRequests, supportMessages, supportAttachments, supportAgents],
    async collect(userId) {
      const requests = await db
        .select({
          id: supportRequests.id,
          subject: supportRequests.subject,
          category: supportRequests.category,
          status: supportRequests.status,
          priority: supportRequests.priority,
          createdAt: supportRequests.createdAt,
          firstReplyDueAt: supportRequests.firstReplyDueAt,
          firstRepliedAt: supportRequests.firstRepliedAt,
          solvedAt: supportRequests.solvedAt,
        })
        .from(supportRequests)
        .where(eq(supportRequests.userId, userId))
        .orderBy(asc(supportRequests.createdAt));
      const messages = await db
        .select({
          requestId: supportMessages.requestId,
          fromSupport: supportMessages.fromSupport,
          body: supportMessages.body,
          createdAt: supportMessages.createdAt,
          attachmentType: supportAttachments.contentType,
          attachmentBytes: supportAttachments.bytes,
        })
        .from(supportMessages)
        .innerJoin(supportRequests, eq(supportRequests.id, supportMessages.requestId))
        .leftJoin(supportAttachments, eq(supportAttachments.messageId, supportMessages.id))
        .where(eq(supportRequests.userId, userId))
        .orderBy(asc(supportMessages.createdAt));
      const [agent] = await db
        .select({ grantedAt: supportAgents.grantedAt })
        .from(supportAgents)
        .where(eq(supportAgents.userId, userId));
      return {
        requests: requests.map(plainRow),
        messages: messages.map(plainRow),
        agentSince: agent?.grantedAt.toISOString() ?? null,
      };
    },
  };
}
