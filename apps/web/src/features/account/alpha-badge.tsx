import { Badge } from '../../components/ui/badge.tsx';

/** docs/PRODUCT.md §3.10: the Alpha plan shows a badge. */
export function AlphaBadge() {
  return <Badge tone="alpha">Alpha Tester</Badge>;
}
