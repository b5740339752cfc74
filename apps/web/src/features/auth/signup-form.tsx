import { zodResolver } from '@hookform/resolvers/zod';
import {
  invitationFormSchema,
  paths,
  planFor,
  type SubscriptionTier,
  signUpSchema,
} from '@tickerwise/shared';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TextField } from '../../components/ui/text-field.tsx';
import { forgetChosenPlan } from '../../lib/chosen-plan.ts';
import { useAuthActions } from '../../lib/session/auth-provider.tsx';
import { showSubmitError } from '../../lib/submit-error.ts';
import { AccountForm } from './components/account-form.tsx';

/**
 * The shared sign-up rules without the plan, which the page already knows; the Alpha Tester
 * plan is by invitation, so its form asks for the code (docs/PRODUCT.md §4.1).
 */
function signUpFormSchema(invited: boolean) {
  return signUpSchema.omit({ plan: true }).superRefine((input, context) => {
    if (!invited) return;
    const code = invitationFormSchema.shape.invitationCode.safeParse(input.invitationCode ?? '');
    for (const issue of code.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: ['invitationCode'], message: issue.message });
    }
  });
}

export function SignupForm({ plan }: { plan: SubscriptionTier }) {
  const { signUp } = useAuthActions();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string>();
  const invited = plan === 'alpha';
  const schema = useMemo(() => signUpFormSchema(invited), [invited]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', password: '', invitationCode: '' },
  });

  const onSubmit = form.handleSubmit(async ({ invitationCode, ...input }) => {
    setFormError(undefined);
    try {
      await signUp({ ...input, plan, ...(invited ? { invitationCode } : {}) });
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
      {invited && (
        <TextField
          form={form}
          name="invitationCode"
          label="Invitation Code"
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          figures
        />
      )}
    </AccountForm>
  );
}
