import type { Clock } from '../../clock.ts';
import type { Limits } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { AttemptLimiter } from '../../limits/attempt-limiter.ts';
import { tooManyAttempts, waitFor } from '../../limits/too-many-attempts.ts';

export type FailedPaymentLimitSettings = Pick<
  Limits,
  'failedPaymentsPerAccount' | 'failedPaymentsPerAddress'
>;

/**
 * Stops card testing (one account or one address trying card after card): a payment attempt
 * is counted before it is made, per account and per address, and given back unless the
 * payment failed (402). Someone whose card is declined a few times still has room to fix it.
 */
export class FailedPaymentLimits {
  private readonly limiter: AttemptLimiter;

  constructor(
    db: Db,
    private readonly limits: FailedPaymentLimitSettings,
    clock: Clock,
  ) {
    this.limiter = new AttemptLimiter(db, clock);
  }

  async attempt<T>(accountId: string, address: string, pay: () => Promise<T>): Promise<T> {
    const keys = [
      { key: `payment-failed:account:${accountId}`, limit: this.limits.failedPaymentsPerAccount },
      { key: `payment-failed:address:${address}`, limit: this.limits.failedPaymentsPerAddress },
    ];
    const verdict = await this.limiter.consume(keys);
    if (!verdict.allowed) {
      const seconds = verdict.retryAfterSeconds;
      throw tooManyAttempts(
        seconds,
        `Too many failed payments. Please wait ${waitFor(seconds)} and try again.`,
      );
    }
    const giveBack = () => this.limiter.refund(keys.map(({ key }) => key));
    try {
      const result = await pay();
      await giveBack();
      return result;
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 402)) await giveBack();
      throw error;
    }
  }
}
