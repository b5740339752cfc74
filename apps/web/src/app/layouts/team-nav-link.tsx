import { paths } from '@tickerwise/shared';
import { UsersRound } from 'lucide-react';
import { useLiveTeam, useTeam } from '../../features/teams/api/team.ts';
import { TopLink } from './dashboard-nav.tsx';

/**
 * docs/PRODUCT.md §3.26: "Team" in the sidebar for the members of a team, and for an owner whose
 * plan includes one; it goes the moment the member leaves or is removed.
 */
export function TeamNavLink() {
  useLiveTeam();
  const answer = useTeam();
  if (!answer.data || (!answer.data.team && !answer.data.canCreate)) return null;
  return <TopLink item={{ label: 'Team', to: paths.dashboardTeam, icon: UsersRound }} />;
}
