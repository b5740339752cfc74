import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingCustomers } from '../../db/schema/index.ts';
import type { CustomerDirectory } from './providers/stripe.ts';

/** Which customer at the payment system pays for which user: made once per user. */
export function customerDirectory(db: Db): CustomerDirectory & {
  userOf(customerId: string): Promise<string | null>;
} {
  const customerOf = async (userId: string) =>
    (
      await db
        .select({ id: billingCustomers.providerCustomerId })
        .from(billingCustomers)
        .where(eq(billingCustomers.userId, userId))
    )[0]?.id ?? null;

  return {
    customerOf,
    async remember(userId, customerId) {
      await db
        .insert(billingCustomers)
        .values({ userId, providerCustomerId: customerId })
        .onConflictDoNothing();
      return (await customerOf(userId)) ?? customerId;
    },
    async userOf(customerId) {
      const [row] = await db
        .select({ userId: billingCustomers.userId })
        .from(billingCustomers)
        .where(eq(billingCustomers.providerCustomerId, customerId));
      return row?.userId ?? null;
    },
  };
}
