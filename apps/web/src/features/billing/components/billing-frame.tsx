import type { ReactNode } from 'react';
import { BackLink } from '../../../components/back-link.tsx';
import { Card } from '../../../components/ui/card.tsx';

interface BillingFrameProps {
  back: { to: string; label: string; state?: unknown };
  title: string;
  /** The sentence under the title: what is changing or being bought. */
  lead: ReactNode;
  children: ReactNode;
}

/** The plan change and checkout screens: a back link, then one card with the page's h1. */
export function BillingFrame({ back, title, lead, children }: BillingFrameProps) {
  return (
    <div className="bg-slate-50">
      <div className="mx-auto max-w-xl px-4 py-12 sm:py-16">
        <BackLink to={back.to} state={back.state}>
          {back.label}
        </BackLink>
        <Card as="section" size="lg" className="mt-4">
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">{title}</h1>
          <p className="mt-2 text-slate-600">{lead}</p>
          {children}
        </Card>
      </div>
    </div>
  );
}
