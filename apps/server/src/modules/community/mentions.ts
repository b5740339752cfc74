import { followLimits, mentionsOf, paths } from '@tickerwise/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { communityMentions, communityProfiles } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { insertNotification } from '../notifications/service.ts';

/** A member a post mentions: their handle as it is now, and who they are. */
export interface MentionedMember {
  userId: string;
  handle: string;
}

const tooManyMentions = () =>
  new AppError(
    400,
    'too_many_mentions',
    `A post mentions at most ${followLimits.mentionsPerPost} members with @.`,
    { body: `At most ${followLimits.mentionsPerPost} mentions` },
  );

/**
 * The members a text mentions (`@handle`, at most 5, 400 beyond): handles no one has stay
 * plain text and are left out.
 */
export async function mentionedMembers(db: Db, body: string): Promise<MentionedMember[]> {
  const handles = mentionsOf(body);
  if (handles.length > followLimits.mentionsPerPost) throw tooManyMentions();
  if (handles.length === 0) return [];
  const rows = await db
    .select({ userId: communityProfiles.userId, handle: communityProfiles.handle })
    .from(communityProfiles)
    .where(inArray(sql`lower(${communityProfiles.handle})`, handles));
  // In the order the text names them.
  return handles.flatMap((handle) => rows.filter((row) => row.handle.toLowerCase() === handle));
}

const excerptOf = (body: string) => (body.length > 140 ? `${body.slice(0, 139)}…` : body);

/**
 * Records who a post or reply mentions and notifies each of them once per post (in the
 * writing transaction): never the author, and not again when an edit keeps the mention.
 */
export async function recordMentions(
  tx: Db,
  {
    postId,
    authorId,
    authorHandle,
    input,
    now,
  }: {
    postId: string;
    authorId: string;
    /** The author's handle when the caller has it (a new post's write read it under its lock). */
    authorHandle?: string;
    input: { body: string; mentions?: MentionedMember[] };
    now: Date;
  },
): Promise<void> {
  const others = (input.mentions ?? []).filter((member) => member.userId !== authorId);
  if (others.length === 0) return;
  const added = await tx
    .insert(communityMentions)
    .values(others.map((member) => ({ postId, userId: member.userId, createdAt: now })))
    .onConflictDoNothing()
    .returning({ userId: communityMentions.userId });
  if (added.length === 0) return;
  const handle = authorHandle ?? (await handleOf(tx, authorId));
  for (const { userId } of added) {
    await insertNotification(tx, {
      userId,
      title: `@${handle ?? 'someone'} mentioned you`,
      message: excerptOf(input.body),
      link: paths.socialPosts,
    });
  }
}

async function handleOf(db: Db, userId: string): Promise<string | undefined> {
  const [author] = await db
    .select({ handle: communityProfiles.handle })
    .from(communityProfiles)
    .where(eq(communityProfiles.userId, userId));
  return author?.handle;
}
