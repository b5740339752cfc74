import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import type { Mail } from '../email/service.ts';
import { supportRoutes } from './routes.ts';
import { SupportDesk } from './support-desk.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Support requests and the agents' queue (`modules/support`). */
    support: SupportDesk;
  }
}

export interface SupportOptions {
  auth: Auth;
  db: Db;
  clock: Clock;
  mail: Mail;
  publicUrl: string;
}

/** Support requests (docs/PRODUCT.md §3.27, ADR 0048): the desk and its routes. */
export async function registerSupport(
  app: FastifyInstance,
  { auth, db, clock, mail, publicUrl }: SupportOptions,
): Promise<SupportDesk> {
  const desk = new SupportDesk({
    db,
    clock,
    mailer: mail.mailer,
    outbox: mail.outbox,
    publicUrl,
    log: app.log,
  });
  await app.register(supportRoutes, { auth, desk });
  app.decorate('support', desk);
  return desk;
}
