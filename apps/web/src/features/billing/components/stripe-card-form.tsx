import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { PaidTier } from '@tickerwise/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { confirmCheckout } from '../api/confirm-checkout.ts';
import { startCheckout } from '../api/start-checkout.ts';
import { paymentFailed, useCheckout } from '../use-checkout.ts';

const loading = new Map<string, Promise<Stripe | null>>();

/**
 * Stripe.js, fetched from js.stripe.com once per key; a failure is a warning (docs/PRODUCT.md §11).
 */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loading.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).then(
      (loaded) => {
        if (!loaded) console.warn('Stripe.js not available');
        return loaded;
      },
      (error: unknown) => {
        console.warn('Failed to load Stripe.js', error);
        loading.delete(publishableKey);
        return null;
      },
    );
    loading.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripeCardFormProps {
  publishableKey: string;
  plan: PaidTier;
  payLabel: string;
}

/** Stripe Elements' card field (no postal code); this module loads only on /payment with Stripe on. */
export function StripeCardForm({ publishableKey, plan, payLabel }: StripeCardFormProps) {
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => live && setUnavailable(loaded === null));
    return () => {
      live = false;
    };
  }, [stripe]);
  return (
    <Elements stripe={stripe}>
      <StripeCardFields plan={plan} payLabel={payLabel} unavailable={unavailable} />
    </Elements>
  );
}

function StripeCardFields({
  plan,
  payLabel,
  unavailable,
}: Omit<StripeCardFormProps, 'publishableKey'> & { unavailable: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const [cardReady, setCardReady] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const { state, pay, clearError } = useCheckout(plan);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    clearError();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    void pay(async (idempotencyKey) => {
      const created = await stripe.createPaymentMethod({ type: 'card', card });
      if (created.error) throw new Error(created.error.message ?? paymentFailed);
      const result = await startCheckout({
        plan,
        idempotencyKey,
        paymentMethodId: created.paymentMethod.id,
      });
      if (result.status !== 'requires_action') return result;
      // 3-D Secure: the bank asks the card holder in Stripe's own window, then the server checks.
      const confirmed = await stripe.confirmCardPayment(result.clientSecret);
      if (confirmed.error) throw new Error(confirmed.error.message ?? paymentFailed);
      return confirmCheckout(result.subscriptionId);
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div>
        <p className="block text-sm font-medium text-ink-900">Card details</p>
        <div className="mt-1.5 rounded-xl border border-slate-300 bg-white px-3.5 py-3 shadow-sm focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/20">
          <CardElement
            options={{
              hidePostalCode: true,
              style: { base: { fontSize: '16px', color: '#0b1220' } },
            }}
            onReady={() => setCardReady(true)}
            onChange={(event) => setCardError(event.error?.message ?? null)}
          />
        </div>
        {cardError && <p className="mt-1.5 text-sm text-red-700">{cardError}</p>}
        {unavailable && (
          <p className="mt-1.5 text-sm text-red-700">
            The card form could not load. Check your connection and reload the page.
          </p>
        )}
      </div>
      {state.status === 'error' && <Alert>{state.message}</Alert>}
      {/* Disabled until the card form has loaded. */}
      <Button
        type="submit"
        size="full"
        disabled={!stripe || !elements || !cardReady}
        busy={state.status === 'processing'}
        busyLabel="Processing..."
      >
        {payLabel}
      </Button>
    </form>
  );
}
