import { Badge } from '../../components/ui/badge.tsx';

/** SPEC.md section 6: the alpha tier shows a badge. */
export function AlphaBadge() {
  return <Badge tone="alpha">Alpha Tester</Badge>;
}
