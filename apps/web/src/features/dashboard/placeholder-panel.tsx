import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';

/** A dashboard panel whose content is announced but not built yet (docs/PRODUCT.md §3.11). */
export function PlaceholderPanel({ title, message }: { title: string; message: string }) {
  return (
    <Card as="section">
      <h2 className="text-base font-semibold text-ink-950">{title}</h2>
      <EmptyState title={message} className="mt-4" />
    </Card>
  );
}
