import { Clock } from 'lucide-react';
import { usePageTitle } from '../lib/use-page-title.ts';
import { EmptyState } from './ui/empty-state.tsx';

export function ComingSoon() {
  usePageTitle('Coming Soon');
  return (
    <EmptyState
      size="page"
      icon={Clock}
      titleAs="h1"
      title="Coming Soon"
      description="We're working hard to bring you this feature. Stay tuned for updates!"
    />
  );
}

export { ComingSoon as Component };
