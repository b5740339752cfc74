import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const stripe = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_1',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
  STRIPE_PRICE_PRO: 'price_pro',
  STRIPE_PRICE_ENTERPRISE: 'price_enterprise',
  STRIPE_WEBHOOK_SECRET: 'whsec_1',
};

describe('payment provider configuration', () => {
  it('runs offline on the test provider by default', () => {
    expect(loadConfig({}).billing).toEqual({ provider: 'test' });
  });

  it('reads every Stripe value, and an API address for tests', () => {
    const config = loadConfig({ ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(config.billing).toMatchObject({
      provider: 'stripe',
      stripe: {
        secretKey: 'sk_test_1',
        prices: { pro: 'price_pro', enterprise: 'price_enterprise' },
      },
    });
    if (config.billing.provider === 'stripe') {
      expect(config.billing.stripe.apiBase?.port).toBe('12111');
    }
  });

  it('names the Stripe value that is missing', () => {
    const { STRIPE_WEBHOOK_SECRET: _, ...withoutSecret } = stripe;
    expect(() => loadConfig(withoutSecret)).toThrow(ConfigError);
    expect(() => loadConfig(withoutSecret)).toThrow(
      'Invalid STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER is stripe',
    );
  });
});
