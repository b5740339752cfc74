import { ArrowRight, Check } from 'lucide-react';
import { Container } from '../../../components/container.tsx';
import { buttonStyles } from '../../../components/ui/button.tsx';
import { Link } from '../../../lib/navigation.tsx';
import { chosenPlanKey, signupPath } from '../../../lib/signup-path.ts';
import { freeTierFeatures, freeTierStats } from '../content/landing.ts';

const freePlan = 'free';

export function FreeTierSection() {
  return (
    <section
      aria-labelledby="free-tier-title"
      className="relative isolate overflow-hidden bg-ink-950 py-20 text-white sm:py-24"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_bottom_right,rgba(16,185,129,0.22),transparent_55%)]"
      />
      <Container className="grid gap-12 lg:grid-cols-[1.2fr_1fr] lg:items-center">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">Free plan</p>
          <h2
            id="free-tier-title"
            className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            Start free, upgrade when you are ready
          </h2>
          <p className="mt-4 max-w-xl text-lg text-ink-200">
            The Free plan gives you the essentials to follow the market and build good habits, with
            nothing to pay.
          </p>
          <ul className="mt-8 space-y-3">
            {freeTierFeatures.map((feature) => (
              <li key={feature} className="flex gap-3 text-ink-100">
                <Check className="mt-0.5 size-5 shrink-0 text-brand-400" />
                {feature}
              </li>
            ))}
          </ul>
          <Link
            to={signupPath(freePlan)}
            onClick={() => sessionStorage.setItem(chosenPlanKey, freePlan)}
            className={`mt-10 ${buttonStyles({ variant: 'primary', size: 'lg' })}`}
          >
            Try for Free
            <ArrowRight className="size-5" />
          </Link>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
          {freeTierStats.map((stat) => (
            <li key={stat.value} className="rounded-2xl border border-white/10 bg-white/5 p-6">
              <p className="text-3xl font-bold tracking-tight text-brand-300">{stat.value}</p>
              <p className="mt-2 text-sm leading-6 text-ink-200">{stat.label}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
