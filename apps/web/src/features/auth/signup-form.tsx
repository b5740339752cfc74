import { zodResolver } from '@hookform/resolvers/zod';
import { paths, planFor, type SubscriptionTier, signUpSchema } from '@tickerwise/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAuthActions } from '../../app/session/auth-provider.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { forgetChosenPlan } from '../../lib/chosen-plan.ts';
import { showSubmitError } from '../../lib/submit-error.ts';
import { AccountForm } from './components/account-form.tsx';

/** The shared sign-up rules without the plan, which the page already knows. */
const signUpFormSchema = signUpSchema.omit({ plan: true });

export function SignupForm({ plan }: { plan: SubscriptionTier }) {
  const { signUp } = useAuthActions();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setFormError(undefined);
    try {
      await signUp({ ...input, plan });
      forgetChosenPlan();
      // docs/PRODUCT.md §13.6: a paid plan starts on Free and goes straight on to checkout.
      if (planFor(plan).requiresPayment) {
        navigate(paths.payment, { replace: true, state: { plan, upgrade: false } });
      } else {
        navigate(paths.dashboard, { replace: true });
      }
    } catch (error) {
      setFormError(showSubmitError(form, error, 'Failed to create account'));
    }
  });

  return (
    <AccountForm
      form={form}
      onSubmit={onSubmit}
      purpose="sign-up"
      error={formError}
      submitLabel={`Create Account - ${planFor(plan).name} Plan`}
      busyLabel="Creating Account..."
    >
      <TextField
        form={form}
        name="name"
        label="Full Name"
        autoComplete="name"
        placeholder="Jane Doe"
      />
    </AccountForm>
  );
}
