import { type DataExport, dataExportFormat } from '@tickerwise/shared';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../db/client.ts';

/**
 * What one module holds about a user, for the data export (docs/PRODUCT.md §3.19). A module
 * whose tables refer to users adds its part to the app's `UserDataRegistry`; the export test
 * fails while any table that refers to a user (directly or through another table) is claimed
 * by no part.
 */
export interface UserDataPart {
  /** Its key in the export file: `account`, `billing`, `apiKeys`... */
  name: string;
  /** The tables whose rows of the user this part exports. */
  tables: PgTable[];
  /**
   * The user's rows as plain JSON, readable by a person: dates as ISO 8601, never a secret
   * (password hashes, session tokens, key hashes stay out).
   */
  collect(userId: string): Promise<unknown>;
}

/** Every module's part of a user's data, in the order they were added. */
export class UserDataRegistry {
  private readonly parts = new Map<string, UserDataPart>();

  add(part: UserDataPart): void {
    if (this.parts.has(part.name)) throw new Error(`Two user data parts are named ${part.name}`);
    this.parts.set(part.name, part);
  }

  /** The parts, for the test that checks every user table is exported. */
  list(): UserDataPart[] {
    return [...this.parts.values()];
  }

  /** Everything held about the user, one file. */
  async export(userId: string, now: Date): Promise<DataExport> {
    const parts: Record<string, unknown> = {};
    for (const part of this.parts.values()) parts[part.name] = await part.collect(userId);
    return { format: dataExportFormat, exportedAt: now.toISOString(), userId, parts };
  }
}

/** A row as the export writes it: its dates as ISO 8601 text. */
export type PlainRow<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** Dates of a row as ISO 8601, the rest as it is. */
export function plainRow<T extends Record<string, unknown>>(row: T): PlainRow<T> {
  return Object.fromEntries(
    Object.entries(row).map(([name, value]) => [
      name,
      value instanceof Date ? value.toISOString() : value,
    ]),
  ) as PlainRow<T>;
}

/**
 * One table's rows of the user for the export, as plain rows: only `columns` (never a
 * secret), of the rows whose `owner` column holds the user's id, in `order` when given.
 */
export async function userRows<T extends Record<string, PgColumn>>(
  db: Db,
  columns: T,
  owner: PgColumn,
  userId: string,
  order?: PgColumn | SQL,
): Promise<PlainRow<SelectResultFields<T>>[]> {
  const rows = await db
    .select(columns)
    .from(owner.table)
    .where(eq(owner, userId))
    .orderBy(...(order ? [order] : []));
  return (rows as SelectResultFields<T>[]).map(plainRow);
}
