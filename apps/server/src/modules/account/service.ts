import { type DataExport, deleteAccountSchema } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { user as users } from '../../db/schema/index.ts';
import { parseInput } from '../../http/errors.ts';
import type { UserDataRegistry } from '../../user-data/user-data.ts';
import type { BillingService } from '../billing/service.ts';

export interface AccountServiceDeps {
  db: Db;
  clock: Clock;
  userData: UserDataRegistry;
  billing: Pick<BillingService, 'endSubscriptionNow' | 'keepRecordsOfClosedAccount'>;
  /**
   * Hands what the user shared with a team to the team (or deletes the team they own), in the
   * deletion's transaction, before the user row goes.
   */
  releaseFromTeams: (tx: Db, userId: string, at: Date) => Promise<void>;
  /** Throws 400 (or 429 after too many) unless the password is the user's. */
  confirmPassword: (userId: string, password: string) => Promise<void>;
  /** The account is gone: confirm it to the address it had (given by the app: the email). */
  onAccountDeleted: (closed: { email: string; name: string }) => void;
}

/** The user's own account as a whole (docs/PRODUCT.md §3.19): their data, and closing it. */
export function createAccountService({
  db,
  clock,
  userData,
  billing,
  releaseFromTeams,
  confirmPassword,
  onAccountDeleted,
}: AccountServiceDeps) {
  return {
    /** `GET /api/me/export`: everything held about the user, every module's part. */
    exportData: (userId: string): Promise<DataExport> => userData.export(userId, clock()),

    /**
     * `DELETE /api/me`: closes the account for good. The password confirms it; a paid
     * subscription ends at the payment provider first (if that fails nothing is deleted and the
     * user can try again); then, in one transaction, the payments the law keeps lose every link
     * to the user, what they shared with a team passes to the team, and the user row goes,
     * taking every other row of theirs with it (foreign keys cascade). Each deleted session and API key is announced, so the user is signed out and
     * their keys stop on every instance at once.
     */
    async deleteAccount(userId: string, body: unknown): Promise<void> {
      const { password } = parseInput(deleteAccountSchema, body);
      await confirmPassword(userId, password);
      await billing.endSubscriptionNow(userId);
      const closed = await db.transaction(async (tx) => {
        await billing.keepRecordsOfClosedAccount(tx, userId);
        await releaseFromTeams(tx, userId, clock());
        const [row] = await tx
          .delete(users)
          .where(eq(users.id, userId))
          .returning({ email: users.email, name: users.name });
        return row;
      });
      if (closed) onAccountDeleted(closed);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
