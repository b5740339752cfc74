import {
  type CreatedInvitations,
  type CreateInvitationsInput,
  createInvitationsSchema,
  defaultInvitationDays,
} from '@tickerwise/shared';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { invitationCodes } from '../../db/schema/index.ts';
import { AppError, parseInput } from '../../http/errors.ts';
import { plainRow, type UserDataPart } from '../../user-data/user-data.ts';
import { invitationCodeHash, newInvitationCode } from './invitation-code.ts';

const dayMs = 24 * 60 * 60 * 1000;

const refused = (code: string, message: string) =>
  new AppError(400, code, message, { invitationCode: message });

/** Alpha Tester without a code (docs/PRODUCT.md §4.1). */
export const invitationRequired = () =>
  refused(
    'invitation_required',
    'The Alpha Tester plan is by invitation. Please enter your invitation code.',
  );

/** A claim on a code, given back if the move to Alpha is not made after all. */
export interface Claim {
  release(): Promise<void>;
}

/**
 * Invitation codes to the Alpha Tester plan (docs/PRODUCT.md §4.1): made by the operator,
 * stored hashed, single use (claimed by one statement that only an unclaimed, unexpired code
 * passes), expiring. A move to Alpha claims one, at sign-up or at a plan change.
 */
export class Invitations {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** `npm run invite`: makes `count` codes; the codes are shown now and never again. */
  async create(body: unknown): Promise<CreatedInvitations> {
    const input = parseInput(createInvitationsSchema, body);
    const expiresAt = this.expiryOf(input);
    const codes = Array.from({ length: input.count }, newInvitationCode);
    await this.db
      .insert(invitationCodes)
      .values(codes.map((code) => ({ codeHash: invitationCodeHash(code), expiresAt })));
    return { codes, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Claims `code` for a sign-up of `email` before the account exists, or throws a 400 naming
   * why. `attachSignUp` then gives it to the new account.
   */
  async claimForSignUp(code: string | undefined, email: string): Promise<Claim> {
    const id = await this.claim(this.db, code, { claimedByEmail: email.toLowerCase() });
    return {
      release: async () => {
        await this.db
          .update(invitationCodes)
          .set({ claimedAt: null, claimedByEmail: null })
          .where(and(eq(invitationCodes.id, id), isNull(invitationCodes.userId)));
      },
    };
  }

  /**
   * Gives the code a sign-up claimed to the account it made; false when there is none (the
   * account then starts on Free). The email is kept no longer than that.
   */
  async attachSignUp(user: { id: string; email: string }): Promise<boolean> {
    const [claimed] = await this.db
      .select({ id: invitationCodes.id })
      .from(invitationCodes)
      .where(
        and(
          eq(invitationCodes.claimedByEmail, user.email.toLowerCase()),
          isNull(invitationCodes.userId),
        ),
      )
      .orderBy(desc(invitationCodes.claimedAt))
      .limit(1);
    if (!claimed) return false;
    const attached = await this.db
      .update(invitationCodes)
      .set({ userId: user.id, claimedByEmail: null })
      .where(and(eq(invitationCodes.id, claimed.id), isNull(invitationCodes.userId)))
      .returning({ id: invitationCodes.id });
    return attached.length === 1;
  }

  /**
   * Claims `code` for an existing account moving to Alpha, in `db` (the plan change's
   * transaction, when it has one), or throws a 400 naming why.
   */
  async claimForUser(db: Db, code: string | undefined, userId: string): Promise<Claim> {
    const id = await this.claim(db, code, { userId });
    return {
      release: async () => {
        await this.db
          .update(invitationCodes)
          .set({ claimedAt: null, userId: null })
          .where(eq(invitationCodes.id, id));
      },
    };
  }

  /** The codes the user joined Alpha with, in the data export (never the code itself). */
  dataPart(): UserDataPart {
    return {
      name: 'invitations',
      tables: [invitationCodes],
      collect: async (userId) => {
        const rows = await this.db
          .select({ claimedAt: invitationCodes.claimedAt, expiresAt: invitationCodes.expiresAt })
          .from(invitationCodes)
          .where(eq(invitationCodes.userId, userId));
        return rows.map(plainRow);
      },
    };
  }

  private async claim(
    db: Db,
    code: string | undefined,
    claimant: { claimedByEmail: string } | { userId: string },
  ): Promise<string> {
    if (!code?.trim()) throw invitationRequired();
    const codeHash = invitationCodeHash(code);
    const now = this.clock();
    // One statement: of two claims at once, the second finds the row claimed and passes none.
    const [claimed] = await db
      .update(invitationCodes)
      .set({ claimedAt: now, ...claimant })
      .where(
        and(
          eq(invitationCodes.codeHash, codeHash),
          isNull(invitationCodes.claimedAt),
          gt(invitationCodes.expiresAt, now),
        ),
      )
      .returning({ id: invitationCodes.id });
    if (claimed) return claimed.id;
    const [row] = await db
      .select({ claimedAt: invitationCodes.claimedAt })
      .from(invitationCodes)
      .where(eq(invitationCodes.codeHash, codeHash));
    if (!row) {
      throw refused(
        'invitation_invalid',
        'This invitation code is not valid. Check it and try again.',
      );
    }
    if (row.claimedAt) {
      throw refused('invitation_invalid', 'This invitation code has already been used.');
    }
    throw refused('invitation_invalid', 'This invitation code has expired. Ask for a new one.');
  }

  private expiryOf(input: CreateInvitationsInput): Date {
    const now = this.clock();
    const expires = input.expires ?? `${defaultInvitationDays}d`;
    const at = expires.endsWith('d')
      ? new Date(now.getTime() + Number(expires.slice(0, -1)) * dayMs)
      : new Date(expires);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) {
      throw new AppError(400, 'validation_failed', 'Expiry must be in the future', {
        expires: 'Expiry must be in the future',
      });
    }
    return at;
  }
}
