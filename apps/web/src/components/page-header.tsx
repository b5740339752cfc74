import type { ReactNode } from 'react';
import { Container } from './container.tsx';

interface PageHeaderProps {
  eyebrow: string;
  title: string;
  lead: string;
  children?: ReactNode;
}

/** The navy band that opens every information page, with the page's one h1. */
export function PageHeader({ eyebrow, title, lead, children }: PageHeaderProps) {
  return (
    <section className="relative isolate overflow-hidden bg-ink-950 text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(16,185,129,0.22),transparent_55%)]"
      />
      <Container className="py-16 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-brand-400 uppercase">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-ink-200">{lead}</p>
        {children}
      </Container>
    </section>
  );
}
