import { usePageTitle } from '../../lib/use-page-title.ts';

export function ContactPage() {
  usePageTitle('Contact Us');
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-ink-950">Contact Us</h1>
    </section>
  );
}

export { ContactPage as Component };
