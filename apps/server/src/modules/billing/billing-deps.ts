import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { BillingProvider } from './providers/provider.ts';

/** What the billing rules are given by the app (`register-billing.ts`). */
export interface BillingDeps {
  db: Db;
  provider: BillingProvider;
  clock: Clock;
  /** Failures the user is not told about in detail (a clean-up at the provider that failed). */
  log: (error: unknown) => void;
  /** The user a customer of the payment system pays for (webhooks name customers, not users). */
  userOfCustomer: (customerId: string) => Promise<string | null>;
  /** Claims an invitation code for a move to Alpha (docs/PRODUCT.md §4.1), or throws a 400. */
  claimInvitation: (
    db: Db,
    code: string | undefined,
    userId: string,
  ) => Promise<{ release(): Promise<void> }>;
}
