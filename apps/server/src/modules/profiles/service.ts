import type { Me, SubscriptionTier } from '@tickerwise/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles } from '../../db/schema/index.ts';

export interface ProfileOwner {
  id: string;
  name: string;
  email: string;
}

/** The tier a new account starts on (DESIGN.md departure 6): Alpha if chosen, else Free. */
export function initialTier(chosenPlan: unknown): SubscriptionTier {
  return chosenPlan === 'alpha' ? 'alpha' : 'free';
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
