import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingCustomers, payments, subscriptions } from '../../db/schema/index.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';

/** The user's billing rows, as we hold them, for the data export. */
export function billingDataPart(db: Db): UserDataPart {
  return {
    name: 'billing',
    tables: [billingCustomers, subscriptions, payments],
    async collect(userId) {
      const [customer] = await db
        .select({
          paymentSystemCustomerId: billingCustomers.providerCustomerId,
          createdAt: billingCustomers.createdAt,
        })
        .from(billingCustomers)
        .where(eq(billingCustomers.userId, userId));
      const subscriptionRows = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, userId))
        .orderBy(subscriptions.createdAt);
      const paymentRows = await db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(payments.createdAt);
      return {
        customer: customer ? plainRow(customer) : null,
        subscriptions: subscriptionRows.map(({ userId: _owner, ...row }) => plainRow(row)),
        payments: paymentRows.map(({ userId: _owner, ...row }) => plainRow(row)),
      };
    },
  };
}
