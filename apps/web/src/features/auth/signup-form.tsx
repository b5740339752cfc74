import { zodResolver } from '@hookform/resolvers/zod';
import { paths, planFor, type SubscriptionTier, signUpSchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAuthActions } from '../../app/session/auth-provider.tsx';
import { forgetChosenPlan } from '../../lib/chosen-plan.ts';
import { inputClass } from './components/field-styles.ts';
import { FormAlert } from './components/form-alert.tsx';
import { errorAria, FormField } from './components/form-field.tsx';
import { PasswordInput } from './components/password-input.tsx';
import { SubmitButton } from './components/submit-button.tsx';
import { submitError } from './submit-error.ts';

/** The shared sign-up rules without the plan, which the page already knows. */
const signUpFormSchema = signUpSchema.omit({ plan: true });
const fieldNames = ['name', 'email', 'password'] as const;

export function SignupForm({ plan }: { plan: SubscriptionTier }) {
  const { signUp } = useAuthActions();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      await signUp({ ...input, plan });
      forgetChosenPlan();
      // DESIGN.md departure 6: a paid plan starts on Free and goes straight on to checkout.
      if (planFor(plan).requiresPayment) {
        navigate(paths.payment, { replace: true, state: { plan, upgrade: false } });
      } else {
        navigate(paths.dashboard, { replace: true });
      }
    } catch (error) {
      const failure = submitError(error, 'Failed to create account');
      for (const field of fieldNames) {
        const message = failure.fields[field];
        if (message) setError(field, { message });
      }
      setFormError(failure.message);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <FormField id="name" label="Full Name" error={errors.name?.message}>
        <input
          id="name"
          type="text"
          autoComplete="name"
          placeholder="Jane Doe"
          className={inputClass(Boolean(errors.name))}
          {...errorAria('name', errors.name?.message)}
          {...register('name')}
        />
      </FormField>
      <FormField id="email" label="Email" error={errors.email?.message}>
        <input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          className={inputClass(Boolean(errors.email))}
          {...errorAria('email', errors.email?.message)}
          {...register('email')}
        />
      </FormField>
      <FormField id="password" label="Password" error={errors.password?.message}>
        <PasswordInput
          id="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          invalid={Boolean(errors.password)}
          {...errorAria('password', errors.password?.message)}
          {...register('password')}
        />
      </FormField>
      <FormAlert message={formError} />
      <SubmitButton busy={isSubmitting} busyLabel="Creating Account...">
        Create Account - {planFor(plan).name} Plan
      </SubmitButton>
    </form>
  );
}
