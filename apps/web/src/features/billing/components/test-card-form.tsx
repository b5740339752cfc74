import { zodResolver } from '@hookform/resolvers/zod';
import { type PaidTier, testCardSchema } from '@tickerwise/shared';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { startCheckout } from '../api/start-checkout.ts';
import { useCheckout } from '../use-checkout.ts';
import { formatCardNumber, formatExpiry } from './card-format.ts';

/**
 * The offline provider's card form. It follows Stripe's test cards, so it says plainly that
 * no real card is charged. Checked with the same schema the server uses.
 */
export function TestCardForm({ plan, payLabel }: { plan: PaidTier; payLabel: string }) {
  const { state, pay, clearError } = useCheckout(plan);
  const form = useForm({
    resolver: zodResolver(testCardSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const submit = form.handleSubmit((card) =>
    pay((idempotencyKey) => startCheckout({ plan, idempotencyKey, card })),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    clearError();
    void submit(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Alert tone="warning" title="Test mode: no real card is charged">
        Pay with <span className="font-mono">4242 4242 4242 4242</span>, any future date and any
        CVC. <span className="font-mono">4000 0000 0000 0002</span> is declined.
      </Alert>
      <div className="grid grid-cols-2 gap-4">
        <TextField
          form={form}
          name="number"
          label="Card number"
          className="col-span-2"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          format={formatCardNumber}
          figures
        />
        <TextField
          form={form}
          name="expiry"
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          format={formatExpiry}
          figures
        />
        <TextField
          form={form}
          name="cvc"
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          figures
        />
      </div>
      {state.status === 'error' && <Alert>{state.message}</Alert>}
      <Button
        type="submit"
        size="full"
        busy={state.status === 'processing'}
        busyLabel="Processing..."
      >
        {payLabel}
      </Button>
    </form>
  );
}
