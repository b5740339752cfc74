import { teamAnswerSchema } from '@tickerwise/shared';
import type { PublicApi } from '../../public-api/public-api.ts';
import type { TeamService } from './teams.ts';

/** The key owner's team in the public API (docs/PRODUCT.md §3.20, §3.26). */
export function teamPublicRoutes(api: PublicApi, { teams }: { teams: TeamService }): void {
  api.get('/team', {
    operationId: 'getTeam',
    tag: 'Team',
    summary: 'Your team',
    description:
      'The team you belong to, with its members and their roles (Owner, Admin, Editor, Viewer), your own role and the seats in use; open invitations for Admins and the Owner. `team` is null outside a team. `readOnly` says why the team cannot be changed now (its owner’s plan no longer includes teams).',
    response: teamAnswerSchema,
    example: {
      team: {
        id: '7d1e5c2a-4b3f-4e8a-9c6d-2f0b1a3e5d7c',
        name: 'Harbor Investment Club',
        role: 'admin',
        members: [
          {
            userId: 'u_owner',
            name: 'Grace Hopper',
            email: 'grace@example.com',
            role: 'owner',
            joinedAt: '2026-01-05T18:20:11.000Z',
          },
          {
            userId: 'u_admin',
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            role: 'admin',
            joinedAt: '2026-01-06T09:02:40.000Z',
          },
        ],
        invitations: [
          {
            id: 'a3c5e7f9-1b2d-4f6a-8c0e-2d4f6a8c0e1b',
            email: 'alan@example.com',
            role: 'viewer',
            invitedBy: 'Ada Lovelace',
            createdAt: '2026-01-07T10:00:00.000Z',
            expiresAt: '2026-01-14T10:00:00.000Z',
          },
        ],
        seats: { used: 2, included: 5 },
        readOnly: null,
        createdAt: '2026-01-05T18:20:11.000Z',
      },
      canCreate: false,
    },
    handler: ({ caller }) => teams.view(caller.userId),
  });
}
