import { zodResolver } from '@hookform/resolvers/zod';
import { type PaidTier, testCardSchema } from '@tickerwise/shared';
import { type ChangeEvent, type FormEvent, useId } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { startCheckout } from '../api/start-checkout.ts';
import { useCheckout } from '../use-checkout.ts';
import { cardInputClass, formatCardNumber, formatExpiry } from './card-input-styles.ts';
import { PayButton } from './pay-button.tsx';
import { PaymentAlert } from './payment-alert.tsx';

/** Rewrites what was typed (spacing, slash) before the form library reads it. */
function reformatted(field: UseFormRegisterReturn, format: (value: string) => string) {
  return {
    ...field,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      event.target.value = format(event.target.value);
      return field.onChange(event);
    },
  };
}

/**
 * The offline provider's card form. It follows Stripe's test cards, so it says plainly that
 * no real card is charged. Checked with the same schema the server uses.
 */
export function TestCardForm({ plan, payLabel }: { plan: PaidTier; payLabel: string }) {
  const id = useId();
  const { state, pay, clearError } = useCheckout(plan);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(testCardSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });
  const submit = handleSubmit((card) =>
    pay((idempotencyKey) => startCheckout({ plan, idempotencyKey, card })),
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    clearError();
    void submit(event);
  };
  const fields = [
    {
      name: 'number' as const,
      label: 'Card number',
      placeholder: '1234 1234 1234 1234',
      autoComplete: 'cc-number',
      maxLength: 23,
      props: reformatted(register('number'), formatCardNumber),
    },
    {
      name: 'expiry' as const,
      label: 'Expiry (MM/YY)',
      placeholder: 'MM/YY',
      autoComplete: 'cc-exp',
      maxLength: 5,
      props: reformatted(register('expiry'), formatExpiry),
    },
    {
      name: 'cvc' as const,
      label: 'CVC',
      placeholder: '123',
      autoComplete: 'cc-csc',
      maxLength: 4,
      props: register('cvc'),
    },
  ];

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <div className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        <p className="font-semibold">Test mode: no real card is charged</p>
        <p className="mt-1">
          Pay with <span className="font-mono">4242 4242 4242 4242</span>, any future date and any
          CVC. <span className="font-mono">4000 0000 0000 0002</span> is declined.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-4">
        {fields.map((field) => {
          const error = errors[field.name]?.message;
          const inputId = `${id}-${field.name}`;
          return (
            <div key={field.name} className={field.name === 'number' ? 'col-span-2' : ''}>
              <label htmlFor={inputId} className="block text-sm font-medium text-ink-900">
                {field.label}
              </label>
              <input
                id={inputId}
                type="text"
                inputMode="numeric"
                autoComplete={field.autoComplete}
                placeholder={field.placeholder}
                maxLength={field.maxLength}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${inputId}-error` : undefined}
                className={`mt-1.5 ${cardInputClass(Boolean(error))}`}
                {...field.props}
              />
              {error && (
                <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <PaymentAlert message={state.status === 'error' ? state.message : null} />
      <PayButton ready processing={state.status === 'processing'} label={payLabel} />
    </form>
  );
}
