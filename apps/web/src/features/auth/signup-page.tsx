import { paths } from '@tickerwise/shared';
import { Navigate, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title.ts';

const chosenPlanKey = 'selected_plan';

/** SPEC.md: sign-up needs a chosen plan (navigation state or session storage). */
function useChosenPlan(): string | null {
  const location = useLocation();
  const fromState = (location.state as { plan?: unknown } | null)?.plan;
  if (typeof fromState === 'string') return fromState;
  return sessionStorage.getItem(chosenPlanKey);
}

export function SignupPage() {
  usePageTitle('Create Your Account');
  const plan = useChosenPlan();
  if (!plan) return <Navigate to={paths.pricing} replace />;
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-ink-950">Create Your Account</h1>
    </section>
  );
}

export { SignupPage as Component };
