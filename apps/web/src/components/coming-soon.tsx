import { usePageTitle } from '../lib/use-page-title.ts';
import { ClockIcon } from './icons.tsx';

export function ComingSoon() {
  usePageTitle('Coming Soon');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center py-24 text-center">
      <div className="mb-6 grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <ClockIcon className="size-7" />
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-ink-950">Coming Soon</h1>
      <p className="mt-3 text-lg text-slate-600">
        We're working hard to bring you this feature. Stay tuned for updates!
      </p>
    </section>
  );
}

export { ComingSoon as Component };
