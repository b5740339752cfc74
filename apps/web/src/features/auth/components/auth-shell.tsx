import type { ReactNode } from 'react';
import { BackLink } from '../../../components/back-link.tsx';
import { Logo } from '../../../components/logo.tsx';

interface AuthShellProps {
  title: string;
  lead: ReactNode;
  back: { to: string; label: string };
  /** The navy side panel beside the form on wide screens. */
  aside: ReactNode;
  children: ReactNode;
}

/** The frame of the sign-up and login pages: the form on white, a navy panel beside it. */
export function AuthShell({ title, lead, back, aside, children }: AuthShellProps) {
  return (
    <div className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
      <main className="flex flex-col px-5 py-6 sm:px-10 lg:px-16">
        <div className="flex items-center justify-between">
          <Logo />
          <BackLink to={back.to}>{back.label}</BackLink>
        </div>
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
          <h1 className="text-3xl font-bold tracking-tight text-ink-950">{title}</h1>
          <div className="mt-2 text-slate-600">{lead}</div>
          <div className="mt-8">{children}</div>
        </div>
      </main>
      <aside className="relative isolate hidden overflow-hidden bg-ink-950 text-white lg:flex">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_right,rgba(16,185,129,0.25),transparent_55%),radial-gradient(ellipse_at_bottom_left,rgba(59,130,246,0.12),transparent_50%)]"
        />
        <div className="flex w-full flex-col justify-center px-14 py-16 xl:px-20">{aside}</div>
      </aside>
    </div>
  );
}
