import {
  type Me,
  type RiskAnswers,
  riskProfileFor,
  riskScore,
  type SavedRiskProfile,
  type SubscriptionTier,
} from '@tickerwise/shared';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, riskProfiles } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

export interface ProfileOwner {
  id: string;
  name: string;
  email: string;
}

/**
 * The tier a new account starts on (docs/PRODUCT.md §13.6): Alpha if chosen with an invitation
 * code the sign-up claimed (`invited`, §4.1), else Free.
 */
export function initialTier(chosenPlan: unknown, invited: boolean): SubscriptionTier {
  return chosenPlan === 'alpha' && invited ? 'alpha' : 'free';
}

export async function createProfile(
  db: Db,
  owner: Pick<ProfileOwner, 'id' | 'name'>,
  tier: SubscriptionTier,
): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: owner.id, name: owner.name, subscriptionTier: tier })
    .onConflictDoNothing();
}

/**
 * The user's profile; recreated on Free if it is missing (the sign-up hook runs after the
 * user is committed, so a failure there must not leave an account that cannot be used).
 */
export async function getMe(db: Db, owner: ProfileOwner): Promise<Me> {
  let [profile] = await db.select().from(profiles).where(eq(profiles.id, owner.id));
  if (!profile) {
    await createProfile(db, owner, 'free');
    [profile] = await db.select().from(profiles).where(eq(profiles.id, owner.id));
  }
  if (!profile) throw new Error(`Profile of ${owner.id} could not be created`);
  return {
    id: owner.id,
    name: profile.name,
    email: owner.email,
    subscription_tier: profile.subscriptionTier,
  };
}

/** The user's tier now; Free while their profile is missing (`getMe` makes it on Free). */
export async function tierOf(db: Db, userId: string): Promise<SubscriptionTier> {
  const [row] = await db
    .select({ tier: profiles.subscriptionTier })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.tier ?? 'free';
}

export { TierMemo } from './tier-memo.ts';

/** The tiers of several users in one query; users without a profile are on Free. */
export async function tiersOf(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, SubscriptionTier>> {
  const tiers = new Map<string, SubscriptionTier>(userIds.map((id) => [id, 'free']));
  if (userIds.length === 0) return tiers;
  const rows = await db
    .select({ id: profiles.id, tier: profiles.subscriptionTier })
    .from(profiles)
    .where(inArray(profiles.id, [...userIds]));
  for (const row of rows) tiers.set(row.id, row.tier);
  return tiers;
}

/**
 * The user's tier, with their profile row locked until the transaction ends (`tx` only).
 * Every write that depends on the tier (billing, plan limits) goes through this, so two
 * requests of one user (a double click, two tabs, a webhook) cannot both act on one state.
 */
export async function lockTier(tx: Db, userId: string): Promise<SubscriptionTier> {
  const [row] = await tx
    .select({ tier: profiles.subscriptionTier })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for('update');
  if (!row) throw new Error(`No profile for ${userId}`);
  return row.tier;
}

/** Sets a user's tier. Only the billing rules call this; no endpoint exposes it directly. */
export async function setTier(db: Db, userId: string, tier: SubscriptionTier): Promise<void> {
  await db
    .update(profiles)
    .set({ subscriptionTier: tier, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
}

/** The name the app shows, kept with the account's name when the user changes it. */
export async function renameProfile(db: Db, userId: string, name: string): Promise<void> {
  await db.update(profiles).set({ name, updatedAt: sql`now()` }).where(eq(profiles.id, userId));
}

/**
 * Sets the tier of each user that `changes` (a data-changing statement with `returning
 * user_id, tier`) returns, in that same statement: the change and the tier that follows from
 * it are written together or not at all. Answers how many profiles moved.
 */
export async function setTiersFrom(db: Db, changes: SQL): Promise<number> {
  const result = await db.execute(sql`
    with changes as (${changes})
    update profiles
    set subscription_tier = changes.tier, updated_at = now()
    from changes
    where profiles.id = changes.user_id
    returning profiles.id`);
  const rows = (result as { rows?: unknown[] }).rows ?? (Array.isArray(result) ? result : []);
  return rows.length;
}

/** The profile and the saved risk profile in the data export. */
export function profileDataPart(db: Db): UserDataPart {
  return {
    name: 'profile',
    tables: [profiles, riskProfiles],
    async collect(userId) {
      const [row] = await db.select().from(profiles).where(eq(profiles.id, userId));
      return row ? { ...plainRow(row), riskProfile: await savedRiskProfile(db, userId) } : null;
    },
  };
}

/** The risk profile the user saved, or null. */
export async function savedRiskProfile(db: Db, userId: string): Promise<SavedRiskProfile | null> {
  const [row] = await db.select().from(riskProfiles).where(eq(riskProfiles.userId, userId));
  return row
    ? { answers: row.answers, score: row.score, band: row.band, savedAt: row.savedAt.toISOString() }
    : null;
}

/**
 * Saves the user's risk assessment, replacing the one saved before: the score and the band are
 * worked out here from the answers, by the same rule as the questionnaire's.
 */
export async function saveRiskProfile(
  db: Db,
  userId: string,
  { answers }: RiskAnswers,
): Promise<SavedRiskProfile> {
  const score = riskScore(answers);
  if (score === null) throw new Error('The answers were not validated');
  const band = riskProfileFor(score).band;
  const [row] = await db
    .insert(riskProfiles)
    .values({ userId, answers, score, band })
    .onConflictDoUpdate({
      target: riskProfiles.userId,
      set: { answers, score, band, savedAt: sql`now()` },
    })
    .returning();
  if (!row) throw new Error(`The risk profile of ${userId} was not saved`);
  return {
    answers: row.answers,
    score: row.score,
    band: row.band,
    savedAt: row.savedAt.toISOString(),
  };
}

/** Forgets the user's saved risk profile; answers whether there was one. */
export async function deleteRiskProfile(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .delete(riskProfiles)
    .where(eq(riskProfiles.userId, userId))
    .returning({ userId: riskProfiles.userId });
  return rows.length > 0;
}
