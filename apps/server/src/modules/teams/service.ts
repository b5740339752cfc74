// Teams (docs/PRODUCT.md §3.26): the team page, invitations, roles and the audit log, and the
// one place that says who may read or change a team's shared things.

import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { Auth } from '../auth/auth.ts';
import type { Mail } from '../email/service.ts';
import type { EntitlementService } from '../entitlements/service.ts';
import { teamRoutes } from './routes.ts';
import { TeamService } from './teams.ts';

export { teamPublicRoutes } from './public-routes.ts';
export {
  type Membership,
  membershipOf,
  readOnlyMessage,
  refuseSharedChange,
  requireSharedRight,
  requireSharingMove,
  requireTeamRight,
  sharedThingAccess,
  teamIdOf,
} from './team-access.ts';
export { teamsDataPart } from './team-data.ts';
export { announceToTeam, recordTeamEvent, releaseClosingAccount, TeamService } from './teams.ts';

/** The audit log's clean-up: entries past a year go, once a day on each instance. */
const pruneMs = 24 * 3600_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Teams, members, invitations and the audit log (`modules/teams`). */
    teams: TeamService;
  }
}

export async function registerTeams(
  app: FastifyInstance,
  options: {
    auth: Auth;
    db: Db;
    clock: Clock;
    mail: Mail;
    publicUrl: string;
    entitlements: Pick<EntitlementService, 'requireEntitlement'>;
  },
): Promise<TeamService> {
  const teams = new TeamService(options);
  app.decorate('teams', teams);
  await app.register(teamRoutes, { auth: options.auth, teams });
  app.scheduler.every('team activity clean-up', pruneMs, () => teams.pruneActivity());
  return teams;
}
