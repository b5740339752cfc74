import {
  type MarketDataAccess,
  parseScreenQuery,
  type SavedScreen,
  type SavedScreenInput,
  type ScreenQuery,
  stockPath,
} from '@tickerwise/shared';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { profiles, savedScreens } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { insertNotification } from '../notifications/service.ts';
import { matches } from './screen-filter.ts';
import type { TableRow } from './screener-table.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const missingScreen = () => notFound('This saved screen does not exist.');

type Row = typeof savedScreens.$inferSelect;

const toScreen = (row: Row): SavedScreen => ({
  id: row.id,
  name: row.name,
  query: row.query,
  alertOnEntry: row.alertOnEntry,
  createdAt: row.createdAt.toISOString(),
});

/** The screen a saved query string stands for; 400 naming the problem when it is not one. */
export function screenOf(query: string): ScreenQuery {
  const params: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(query)) params[name] = value;
  const parsed = parseScreenQuery(params);
  if (!parsed.ok) {
    throw new AppError(400, 'invalid_screen', parsed.problem.message, {
      query: parsed.problem.message,
    });
  }
  return parsed.screen;
}

/** The user's saved screens; another user's is "not found". Counted under the plan lock. */
export class SavedScreens {
  constructor(
    readonly db: Db,
    private readonly room: Pick<EntitlementService, 'requireRoomFor'>,
  ) {}

  async list(userId: string): Promise<SavedScreen[]> {
    const rows = await this.db
      .select()
      .from(savedScreens)
      .where(eq(savedScreens.userId, userId))
      .orderBy(asc(savedScreens.createdAt), asc(savedScreens.id));
    return rows.map(toScreen);
  }

  /** A new screen; 402 naming the limit when the plan's screens are used up. */
  async create(userId: string, input: SavedScreenInput): Promise<SavedScreen> {
    screenOf(input.query);
    const row = await this.db.transaction(async (tx) => {
      await this.room.requireRoomFor(tx, { id: userId }, 'savedScreens', async () => {
        const [counted] = await tx
          .select({ count: count() })
          .from(savedScreens)
          .where(eq(savedScreens.userId, userId));
        return counted?.count ?? 0;
      });
      const [inserted] = await tx
        .insert(savedScreens)
        .values({ userId, name: input.name, query: input.query, alertOnEntry: input.alertOnEntry })
        .returning();
      return inserted!;
    });
    return toScreen(row);
  }

  /** Changes a screen; a changed query starts its members afresh (no alert for what it had). */
  async update(userId: string, id: string, input: Partial<SavedScreenInput>): Promise<SavedScreen> {
    if (!uuidPattern.test(id)) throw missingScreen();
    if (input.query !== undefined) screenOf(input.query);
    const [row] = await this.db
      .update(savedScreens)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.alertOnEntry === undefined ? {} : { alertOnEntry: input.alertOnEntry }),
        ...(input.query === undefined ? {} : { query: input.query, members: null }),
      })
      .where(and(eq(savedScreens.id, id), eq(savedScreens.userId, userId)))
      .returning();
    if (!row) throw missingScreen();
    return toScreen(row);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!uuidPattern.test(id)) throw missingScreen();
    const deleted = await this.db
      .delete(savedScreens)
      .where(and(eq(savedScreens.id, id), eq(savedScreens.userId, userId)))
      .returning({ id: savedScreens.id });
    if (deleted.length === 0) throw missingScreen();
  }

  /**
   * Checks every screen that alerts on entry against the rows its owner's plan sees
   * (`rowsFor`): a symbol it picks now that it did not pick at its last check has entered,
   * and its owner gets one notification naming the symbols that entered. The first check of a
   * screen only notes what it picks. The members move by a compare-and-set on the stored
   * ones, so instances checking at once notify once. Returns the notifications sent.
   */
  async checkEntries(
    rowsFor: (viewer: MarketDataAccess) => readonly TableRow[],
    viewerOf: (tier: string) => MarketDataAccess,
    at: Date,
  ): Promise<{ userId: string; screenId: string; entered: string[] }[]> {
    const screens = await this.db
      .select({ screen: savedScreens, tier: profiles.subscriptionTier })
      .from(savedScreens)
      .innerJoin(profiles, eq(profiles.id, savedScreens.userId))
      .where(eq(savedScreens.alertOnEntry, true));
    const sent: { userId: string; screenId: string; entered: string[] }[] = [];
    for (const { screen, tier } of screens) {
      let query: ScreenQuery;
      try {
        query = screenOf(screen.query);
      } catch {
        continue;
      }
      // Only rows with figures count: a symbol whose history is not in yet has not entered.
      const picked = rowsFor(viewerOf(tier))
        .filter((row) => row.price !== null && matches(row, query))
        .map((row) => row.symbol)
        .sort();
      const before = screen.members;
      const entered = before === null ? [] : picked.filter((symbol) => !before.includes(symbol));
      const unchanged =
        before !== null &&
        before.length === picked.length &&
        before.every((symbol, index) => symbol === picked[index]);
      if (unchanged) continue;
      const moved = await this.db.transaction(async (tx) => {
        const members = sql`${`{${picked.join(',')}}`}::text[]`;
        const updated = await tx
          .update(savedScreens)
          .set({ members, checkedAt: at })
          .where(
            and(
              eq(savedScreens.id, screen.id),
              eq(savedScreens.query, screen.query),
              before === null
                ? isNull(savedScreens.members)
                : eq(savedScreens.members, sql`${`{${before.join(',')}}`}::text[]`),
            ),
          )
          .returning({ id: savedScreens.id });
        if (updated.length === 0 || entered.length === 0) return false;
        const named = entered.slice(0, 5).join(', ');
        const more = entered.length > 5 ? ` and ${entered.length - 5} more` : '';
        await insertNotification(tx, {
          userId: screen.userId,
          title: `${entered.length === 1 ? entered[0] : `${entered.length} symbols`} entered “${screen.name}”`,
          message: `${named}${more} now ${entered.length === 1 ? 'matches' : 'match'} your saved screen “${screen.name}”.`,
          link:
            entered.length === 1
              ? stockPath(entered[0]!)
              : `/dashboard/investments/screener?${screen.query}`,
        });
        return true;
      });
      if (moved) sent.push({ userId: screen.userId, screenId: screen.id, entered });
    }
    return sent;
  }
}
