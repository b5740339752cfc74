import { type EmailVerification, verificationResendSeconds } from '@tickerwise/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { user } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { AttemptLimiter } from '../../limits/attempt-limiter.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/guard.ts';

/**
 * Whether the signed-in user's address is confirmed (the dashboard's banner asks), and
 * "Resend the email", at most once a minute per user.
 */
export const verificationRoutes: FastifyPluginAsync<{
  auth: Auth;
  db: Db;
  clock: Clock;
}> = async (app, { auth, db, clock }) => {
  const limiter = new AttemptLimiter(db, clock);
  /** Read from the database: a session remembered on this instance may predate the click. */
  const status = async (userId: string): Promise<EmailVerification> => {
    const [row] = await db
      .select({ email: user.email, verified: user.emailVerified })
      .from(user)
      .where(eq(user.id, userId));
    if (!row) throw new AppError(404, 'not_found', 'This account no longer exists.');
    return row;
  };

  app.get('/api/email/verification', { config: { access: 'user' } }, async (request, reply) => {
    const { id } = await requireUser(auth, request);
    reply.header('cache-control', 'no-store');
    return status(id);
  });

  app.post('/api/email/verification', { config: { access: 'user' } }, async (request) => {
    const { id } = await requireUser(auth, request);
    const current = await status(id);
    if (current.verified) return current;
    const verdict = await limiter.consume([
      {
        key: `verification-resend:${id}`,
        limit: { max: 1, windowSeconds: verificationResendSeconds },
      },
    ]);
    if (!verdict.allowed) {
      throw new AppError(
        429,
        'resend_cooldown',
        `We just sent it. You can send it again in ${verdict.retryAfterSeconds} seconds.`,
        undefined,
        { 'retry-after': String(verdict.retryAfterSeconds) },
      );
    }
    await auth.api.sendVerificationEmail({ body: { email: current.email } });
    return current;
  });
};
