import { useQueryClient } from '@tanstack/react-query';
import {
  type CreatedDestination,
  paths,
  type TeamDestinations,
  teamRoleLabels,
} from '@tickerwise/shared';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { destinationsKey } from '../api/integrations.ts';
import { AddDestinationForm } from './add-destination-form.tsx';
import { DestinationCard } from './destination-card.tsx';

/** What the user's role lets them do with the team's destinations, in one sentence. */
function roleNote(team: TeamDestinations): string {
  const role = teamRoleLabels[team.role];
  if (team.canManage) {
    return `As ${role} you add, test and delete them; Editors and up choose them in their alerts.`;
  }
  if (team.canUse) {
    return `As ${role} you choose them in your alerts; Admins and the Owner add and change them.`;
  }
  return `As ${role} you see them and their deliveries; Editors and up choose them in their alerts.`;
}

/**
 * The team's alert destinations (docs/PRODUCT.md §3.26): every member sees them and their
 * logs, Editors and up post to them from alerts, Admins and the Owner manage them.
 */
export function TeamDestinationsPanel({
  team,
  limit,
  onCreated,
}: {
  team: TeamDestinations;
  limit: number;
  onCreated: (created: CreatedDestination) => void;
}) {
  const queryClient = useQueryClient();
  const [added, setAdded] = useState<string>();
  const full = team.destinations.length >= limit;
  return (
    <SettingsPanel
      title={`Team destinations · ${team.teamName}`}
      description={
        <>
          Webhooks, Slack and Discord that belong to the{' '}
          <Link to={paths.dashboardTeam} className="font-medium text-brand-700 hover:underline">
            team
          </Link>
          , up to {limit}. {roleNote(team)}
        </>
      }
    >
      <div className="space-y-5">
        {team.readOnly ? (
          <Alert tone="warning">{team.readOnly}</Alert>
        ) : (
          !team.included && (
            <Alert tone="info">
              The team owner’s plan does not include integrations: nothing is sent to these
              destinations until it does.
            </Alert>
          )
        )}
        {team.canManage &&
          (full ? (
            <Alert tone="info">
              The team has {team.destinations.length} of {limit} destinations. Delete one to add
              another.
            </Alert>
          ) : (
            <AddDestinationForm
              team
              onCreated={async (next) => {
                setAdded(`“${next.destination.name}” is added to the team.`);
                onCreated(next);
                await queryClient.invalidateQueries({ queryKey: destinationsKey });
              }}
            />
          ))}
        {added && <Alert tone="success">{added}</Alert>}
        {team.destinations.length === 0 ? (
          <EmptyState
            icon={Users}
            className="justify-items-center"
            title="The team has no destinations yet."
            description={
              team.canManage
                ? 'Add one above; the team’s Editors can then choose it in their alerts.'
                : 'The team’s Admins and Owner add them.'
            }
          />
        ) : (
          <ul className="divide-y divide-slate-100">
            {team.destinations.map((destination) => (
              <DestinationCard
                key={destination.id}
                destination={destination}
                included={team.included}
                canManage={team.canManage}
              />
            ))}
          </ul>
        )}
      </div>
    </SettingsPanel>
  );
}
