import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { user } from '../../db/schema/index.ts';
import { AppError, parseInput } from '../../http/errors.ts';

/** The email an operator names an account by (`npm run moderator -- grant EMAIL`). */
export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Give the email of an account'));

/** What granting or revoking did: `changed` is false when the account already was (or was not). */
export interface RoleChange {
  email: string;
  changed: boolean;
}

/** A holder of a role, oldest first. */
export interface RoleHolder {
  userId: string;
  email: string;
  name: string;
  grantedAt: Date;
}

/** The account with this email, or 422 `unknown_user`. */
export async function accountByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; email: string }> {
  const [account] = rowsOf<{ id: string; email: string }>(
    await db.execute(
      sql`select id, email from ${user} where lower(email) = ${email.toLowerCase()} limit 1`,
    ),
  );
  if (!account) {
    throw new AppError(422, 'unknown_user', `There is no account with the email ${email}.`, {
      email: 'There is no account with this email',
    });
  }
  return account;
}

/**
 * A staff role the operator grants by email from the command line (`npm run moderator`,
 * `npm run support`): a table of `user_id` (primary key) and `granted_at`, one row per holder.
 */
export class StaffRole {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly table: PgTable,
  ) {}

  async has(userId: string): Promise<boolean> {
    const rows = rowsOf(
      await this.db.execute(sql`select 1 from ${this.table} where user_id = ${userId}`),
    );
    return rows.length > 0;
  }

  async grant(email: string): Promise<RoleChange> {
    const account = await accountByEmail(this.db, email);
    const added = rowsOf(
      await this.db.execute(sql`
        insert into ${this.table} (user_id, granted_at) values (${account.id}, ${this.clock()})
        on conflict do nothing returning user_id`),
    );
    return { email: account.email, changed: added.length > 0 };
  }

  async revoke(email: string): Promise<RoleChange> {
    const account = await accountByEmail(this.db, email);
    const removed = rowsOf(
      await this.db.execute(
        sql`delete from ${this.table} where user_id = ${account.id} returning user_id`,
      ),
    );
    return { email: account.email, changed: removed.length > 0 };
  }

  async holders(): Promise<RoleHolder[]> {
    const rows = rowsOf<{ user_id: string; email: string; name: string; granted_at: unknown }>(
      await this.db.execute(sql`
        select r.user_id, u.email, u.name, r.granted_at from ${this.table} r
        join ${user} u on u.id = r.user_id
        order by r.granted_at, u.email`),
    );
    return rows.map((row) => ({
      userId: row.user_id,
      email: row.email,
      name: row.name,
      grantedAt: new Date(row.granted_at as string | Date),
    }));
  }
}

/**
 * The operator's routes of a role, for its command (`npm run moderator`, `npm run support`):
 * `GET path` lists the holders as `list()` shapes them, `PUT path/:email` grants, `DELETE
 * path/:email` revokes.
 */
export function staffRoleRoutes(
  app: FastifyInstance,
  path: string,
  role: Pick<StaffRole, 'grant' | 'revoke'>,
  list: () => Promise<object>,
): void {
  const operator = { config: { access: 'operator' as const } };
  type EmailParams = { Params: { email: string } };
  app.get(path, operator, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return list();
  });
  app.put<EmailParams>(`${path}/:email`, operator, async (request) =>
    role.grant(parseInput(staffEmailSchema, request.params.email)),
  );
  app.delete<EmailParams>(`${path}/:email`, operator, async (request) =>
    role.revoke(parseInput(staffEmailSchema, request.params.email)),
  );
}
