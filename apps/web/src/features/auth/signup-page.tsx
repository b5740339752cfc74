import { paths, planFor } from '@tickerwise/shared';
import { Link, Navigate } from 'react-router';
import { useChosenPlan } from '../../lib/chosen-plan.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { AuthShell } from './components/auth-shell.tsx';
import { SignupAside } from './signup-aside.tsx';
import { SignupForm } from './signup-form.tsx';

export function SignupPage() {
  usePageTitle('Create Your Account');
  const plan = useChosenPlan();
  if (!plan) return <Navigate to={paths.pricing} replace />;
  return (
    <AuthShell
      title="Create Your Account"
      lead={
        <>
          You're signing up for the{' '}
          <span className="font-semibold text-ink-950">{planFor(plan).name}</span> plan.
        </>
      }
      back={{ to: paths.pricing, label: 'Back to pricing' }}
      aside={<SignupAside plan={plan} />}
    >
      <SignupForm plan={plan} />
      <p className="mt-8 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthShell>
  );
}

export { SignupPage as Component };
