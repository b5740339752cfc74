import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';
import { type BillingNotice, type BillingNotices, registerBillingNotices } from './notices.ts';
import { receiptPage } from './receipt-page.tsx';
import { receiptById, receiptsOf } from './receipts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Receipts and subscription messages (`modules/billing/notices.ts`). */
    billingNotices: BillingNotices;
  }
}

const html = 'text/html; charset=utf-8';

/**
 * Receipts: the printable pages (Settings, Plan and billing links to them), and the messages
 * each payment and subscription change sends.
 */
export async function registerReceipts(
  app: FastifyInstance,
  options: {
    auth: Auth;
    db: Db;
    clock: Clock;
    publicUrl: string;
    backgroundJobs: boolean;
    send: (notice: BillingNotice) => Promise<void>;
  },
): Promise<BillingNotices> {
  const { auth, db, publicUrl } = options;
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });
    scope.get('/api/billing/receipts', { config: { access: 'user' } }, async (request, reply) => {
      const { id } = await requireUser(auth, request);
      return reply.type(html).send(receiptPage(await receiptsOf(db, id), publicUrl));
    });
    scope.get<{ Params: { id: string } }>(
      '/api/billing/receipts/:id',
      { config: { access: 'user' } },
      async (request, reply) => {
        const { id } = await requireUser(auth, request);
        const receipt = await receiptById(db, request.params.id);
        // Someone else's receipt is as absent as one that never was.
        if (!receipt || receipt.userId !== id) throw notFound('There is no such receipt.');
        const { userId: _owner, ...shown } = receipt;
        return reply.type(html).send(receiptPage([shown], publicUrl));
      },
    );
  });
  const notices = registerBillingNotices(app, options);
  app.decorate('billingNotices', notices);
  return notices;
}
