import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type MemberRole,
  memberRoles,
  paths,
  type Team,
  type TeamMember,
  teamEventText,
  teamInviteSchema,
  teamNameInputSchema,
  teamRoleLabels,
} from '@tickerwise/shared';
import { History, Users } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { SettingsPanel } from '../../components/settings-panel.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { inputStyles } from '../../components/ui/field-styles.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatDate, formatTimeAgo } from '../../lib/format-time.ts';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { showSubmitError } from '../../lib/submit-error.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import {
  acceptInvitation,
  changeRole,
  createTeam,
  deleteTeam,
  inviteMember,
  leaveTeam,
  removeMember,
  revokeInvitation,
  teamActivityKey,
  teamKey,
  useLiveTeam,
  useTeam,
  useTeamActivity,
} from './api/team.ts';
import { RenameTeam } from './components/rename-team.tsx';

const failure = (error: unknown, fallback: string) =>
  error instanceof ApiRequestError ? error.message : fallback;

/**
 * docs/PRODUCT.md §3.26: the team of an Enterprise or Alpha owner: members and their roles,
 * invitations and seats (`?tab=members`, the default) and the audit log (`?tab=activity`). An
 * invitation's link opens this page with `?invite=`.
 */
export function TeamPage() {
  usePageTitle('Team');
  useLiveTeam();
  const answer = useTeam();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const invite = params.get('invite');
  const tab = params.get('tab') === 'activity' ? 'activity' : 'members';
  const team = answer.data?.team ?? null;

  let body: ReactNode;
  if (answer.isError && !answer.data) {
    body = (
      <ErrorState
        title="Your team could not be loaded."
        onRetry={() => queryClient.invalidateQueries({ queryKey: teamKey })}
        retrying={answer.isFetching}
      />
    );
  } else if (!answer.data) {
    body = (
      <div role="status" className="space-y-3">
        <span className="sr-only">Loading your team</span>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (!team) {
    body = answer.data.canCreate ? (
      <CreateTeam />
    ) : invite ? null : (
      <EmptyState
        icon={Users}
        size="section"
        title="You are not in a team."
        description="Teams come with the Enterprise and Alpha Tester plans: share watchlists with up to 5 people, each with a role. Someone on those plans can also invite you."
        action={
          <Link to={paths.pricing} className={buttonStyles({ size: 'sm' })}>
            See the plans
          </Link>
        }
      />
    );
  } else {
    body = (
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams(params);
          if (value === 'activity') next.set('tab', 'activity');
          else next.delete('tab');
          setParams(next, { replace: true });
        }}
      >
        <TabsList label="Team sections">
          <TabsTrigger value="members">Members</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
        </TabsList>
        <TabsContent value="members">
          <MembersTab team={team} />
        </TabsContent>
        <TabsContent value="activity">
          <ActivityTab team={team} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="space-y-6">
      <header>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="min-w-0 break-words text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
            {team ? team.name : 'Team'}
          </h1>
          {team && <RenameTeam team={team} />}
        </div>
        <p className="mt-1 text-slate-600">
          {team
            ? `You are ${teamRoleLabels[team.role]}. Viewers read the team’s watchlists, Editors change them, Admins also manage members, and the Owner also the plan and the team itself.`
            : 'Share watchlists with the people you invest with, each with a role.'}
        </p>
      </header>
      {invite && (
        <AcceptInvitation
          token={invite}
          team={team}
          onDone={() => {
            const next = new URLSearchParams(params);
            next.delete('invite');
            setParams(next, { replace: true });
          }}
        />
      )}
      {team?.readOnly && (
        <Alert tone="warning" title="This team is read-only">
          {team.readOnly.message}
        </Alert>
      )}
      {body}
    </div>
  );
}

function AcceptInvitation({
  token,
  team,
  onDone,
}: {
  token: string;
  team: Team | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: async ({ team: joined }) => {
      queryClient.setQueryData(teamKey, { team: joined, canCreate: false });
      await queryClient.invalidateQueries({ queryKey: ['watchlists'] });
      onDone();
    },
  });
  if (team) {
    return (
      <Alert tone="info" title="You are in a team already">
        An account belongs to one team. Leave {team.name} first to accept another invitation.
      </Alert>
    );
  }
  return (
    <SettingsPanel
      title="You are invited to a team"
      description="Accepting joins the team with this account; your own watchlists, portfolios and plan stay yours."
      action={
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={onDone}>
            Not now
          </Button>
          <Button
            size="sm"
            busy={accept.isPending}
            busyLabel="Joining..."
            onClick={() => accept.mutate()}
          >
            Accept the invitation
          </Button>
        </div>
      }
    >
      {accept.error && (
        <Alert>{failure(accept.error, 'The invitation could not be accepted.')}</Alert>
      )}
    </SettingsPanel>
  );
}

function CreateTeam() {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string>();
  const form = useForm({ resolver: zodResolver(teamNameInputSchema), defaultValues: { name: '' } });
  const onSubmit = form.handleSubmit(async ({ name }) => {
    setError(undefined);
    try {
      const { team } = await createTeam(name);
      queryClient.setQueryData(teamKey, { team, canCreate: false });
    } catch (failed) {
      setError(showSubmitError(form, failed, 'The team could not be made. Please try again.'));
    }
  });
  return (
    <SettingsPanel
      title="Make your team"
      description="Your plan includes a team of up to 5 people besides you. Name it, then invite them by email."
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="sm:w-80">
          <TextField form={form} name="name" label="Team name" placeholder="e.g. Harbor Club" />
        </div>
        <Button
          type="submit"
          className="sm:mt-7"
          busy={form.formState.isSubmitting}
          busyLabel="Making..."
        >
          Make the team
        </Button>
      </form>
      {error && <Alert className="mt-3">{error}</Alert>}
    </SettingsPanel>
  );
}

function MembersTab({ team }: { team: Team }) {
  const auth = useAuth();
  const me = auth.status === 'signed-in' ? auth.user.id : null;
  const manages = team.role === 'owner' || team.role === 'admin';
  const full = team.seats.used >= team.seats.included;
  return (
    <div className="space-y-6">
      <SettingsPanel
        title="Members"
        description={
          <>
            <span className="font-medium text-ink-950">
              {team.seats.used} of {team.seats.included} seats
            </span>{' '}
            in use: members besides the owner, and open invitations.
          </>
        }
      >
        <ul className="divide-y divide-slate-100">
          {team.members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              isMe={member.userId === me}
              team={team}
              manages={manages}
            />
          ))}
        </ul>
      </SettingsPanel>
      {manages && <Invitations team={team} full={full} />}
      <LeaveOrDelete team={team} />
    </div>
  );
}

function MemberRow({
  member,
  isMe,
  team,
  manages,
}: {
  member: TeamMember;
  isMe: boolean;
  team: Team;
  manages: boolean;
}) {
  const queryClient = useQueryClient();
  const roleId = useId();
  const update = (next: { team: Team }) =>
    queryClient.setQueryData(teamKey, { team: next.team, canCreate: false });
  const role = useMutation({
    mutationFn: (next: MemberRole) => changeRole(member.userId, next),
    onSuccess: update,
  });
  const remove = useMutation({ mutationFn: () => removeMember(member.userId), onSuccess: update });
  const editable = manages && member.role !== 'owner' && !isMe;
  const error = role.error ?? remove.error;
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink-950">
          {member.name}
          {isMe && <Badge tone="outline">You</Badge>}
        </p>
        <p className="truncate text-sm text-slate-600">
          {member.email} · joined {formatDate(member.joinedAt)}
        </p>
        {error && <Alert className="mt-2">{failure(error, 'That did not work.')}</Alert>}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        {editable && !team.readOnly ? (
          <>
            <label htmlFor={roleId} className="sr-only">
              Role of {member.name}
            </label>
            <select
              id={roleId}
              className={`${inputStyles(false)} w-32`}
              value={member.role}
              disabled={role.isPending}
              onChange={(event) => role.mutate(event.target.value as MemberRole)}
            >
              {memberRoles.map((value) => (
                <option key={value} value={value}>
                  {teamRoleLabels[value]}
                </option>
              ))}
            </select>
          </>
        ) : (
          <Badge tone={member.role === 'owner' ? 'brand' : 'neutral'}>
            {teamRoleLabels[member.role]}
          </Badge>
        )}
        {editable && (
          <Button
            variant="ghost"
            size="sm"
            busy={remove.isPending}
            busyLabel="Removing..."
            onClick={() => remove.mutate()}
          >
            Remove
          </Button>
        )}
      </div>
    </li>
  );
}

function Invitations({ team, full }: { team: Team; full: boolean }) {
  const queryClient = useQueryClient();
  const roleId = useId();
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const form = useForm({
    resolver: zodResolver(teamInviteSchema),
    defaultValues: { email: '', role: 'viewer' as MemberRole },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => revokeInvitation(id),
    onSuccess: (next) => queryClient.setQueryData(teamKey, { team: next.team, canCreate: false }),
  });
  const onSubmit = form.handleSubmit(async (input) => {
    setError(undefined);
    setSent(undefined);
    try {
      const next = await inviteMember(input);
      queryClient.setQueryData(teamKey, { team: next.team, canCreate: false });
      setSent(`An invitation is on its way to ${input.email}. It works for 7 days.`);
      form.reset({ email: '', role: input.role });
    } catch (failed) {
      setError(showSubmitError(form, failed, 'The invitation could not be sent.'));
    }
  });
  return (
    <SettingsPanel
      title="Invitations"
      description="By email, for 7 days, once. The person signs in (or signs up) with that address to accept."
    >
      <div className="space-y-4">
        {team.readOnly ? null : full ? (
          <Alert tone="info" title={`All ${team.seats.included} seats are in use`}>
            Remove a member or revoke an invitation to invite someone else.
          </Alert>
        ) : (
          <form noValidate onSubmit={onSubmit} className="space-y-3">
            <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_9rem_auto] sm:items-start">
              <TextField
                form={form}
                name="email"
                label="Email address"
                type="email"
                autoComplete="off"
                placeholder="name@example.com"
              />
              <div>
                <label htmlFor={roleId} className="mb-1.5 block text-sm font-medium text-ink-900">
                  Role
                </label>
                <select id={roleId} className={inputStyles(false)} {...form.register('role')}>
                  {memberRoles.map((value) => (
                    <option key={value} value={value}>
                      {teamRoleLabels[value]}
                    </option>
                  ))}
                </select>
              </div>
              <Button
                type="submit"
                className="sm:mt-7"
                busy={form.formState.isSubmitting}
                busyLabel="Sending..."
              >
                Invite
              </Button>
            </div>
          </form>
        )}
        {error && <Alert>{error}</Alert>}
        {sent && <Alert tone="success">{sent}</Alert>}
        {revoke.error && <Alert>{failure(revoke.error, 'The invitation was not revoked.')}</Alert>}
        {team.invitations.length === 0 ? (
          <p className="text-sm text-slate-500">No open invitations.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {team.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="truncate font-medium text-ink-950">{invitation.email}</p>
                  <p className="text-sm text-slate-600">
                    {teamRoleLabels[invitation.role]}
                    {invitation.invitedBy ? `, invited by ${invitation.invitedBy}` : ''} · until{' '}
                    {formatDate(invitation.expiresAt)}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="self-start sm:self-auto"
                  busy={revoke.isPending && revoke.variables === invitation.id}
                  busyLabel="Revoking..."
                  onClick={() => revoke.mutate(invitation.id)}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </SettingsPanel>
  );
}

function LeaveOrDelete({ team }: { team: Team }) {
  const queryClient = useQueryClient();
  const [sure, setSure] = useState(false);
  const owner = team.role === 'owner';
  const act = useMutation({
    mutationFn: () => (owner ? deleteTeam() : leaveTeam()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: teamKey });
      await queryClient.invalidateQueries({ queryKey: ['watchlists'] });
    },
  });
  return (
    <SettingsPanel
      tone="danger"
      title={owner ? 'Delete the team' : 'Leave the team'}
      description={
        owner
          ? 'Members lose the team’s watchlists at once; each list goes back to the member who made it. The activity log goes too.'
          : 'You lose the team’s watchlists at once. To come back, an Admin invites you again.'
      }
      action={
        sure ? (
          <div className="flex gap-2">
            <Button variant="ghost" size="sm" onClick={() => setSure(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              size="sm"
              busy={act.isPending}
              busyLabel={owner ? 'Deleting...' : 'Leaving...'}
              onClick={() => act.mutate()}
            >
              {owner ? 'Delete for good' : 'Leave now'}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setSure(true)}>
            {owner ? 'Delete the team' : 'Leave the team'}
          </Button>
        )
      }
    >
      {act.error && <Alert>{failure(act.error, 'That did not work. Please try again.')}</Alert>}
    </SettingsPanel>
  );
}

function ActivityTab({ team }: { team: Team }) {
  const manages = team.role === 'owner' || team.role === 'admin';
  const queryClient = useQueryClient();
  const activity = useTeamActivity(manages);
  if (!manages) {
    return (
      <EmptyState
        icon={History}
        size="section"
        title="The activity log is for the team’s Admins and its Owner."
      />
    );
  }
  const events = activity.data?.pages.flatMap((page) => page.events);
  return (
    <SettingsPanel
      title="Activity"
      description="Every change to members, roles, invitations and shared watchlists: who, what and when. Kept a year."
      action={
        <a
          href="/api/team/activity.csv"
          download
          className={buttonStyles({ variant: 'secondary', size: 'sm' })}
        >
          Export CSV
        </a>
      }
    >
      {activity.isError && !events ? (
        <ErrorState
          title="The activity log could not be loaded."
          onRetry={() => queryClient.invalidateQueries({ queryKey: teamActivityKey })}
          retrying={activity.isFetching}
        />
      ) : !events ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading the activity log</span>
          <Skeleton className="h-4 w-80 max-w-full" />
          <Skeleton className="h-4 w-64 max-w-full" />
        </div>
      ) : (
        <div className="space-y-3">
          <ol className="divide-y divide-slate-100">
            {events.map((event) => (
              <li
                key={event.id}
                className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4"
              >
                <p className="text-sm text-ink-900">
                  <span className="font-medium">{event.actor}</span> {teamEventText(event)}
                </p>
                <time dateTime={event.at} className="shrink-0 text-sm text-slate-500">
                  {formatTimeAgo(event.at)}
                </time>
              </li>
            ))}
          </ol>
          {activity.hasNextPage && (
            <Button
              variant="secondary"
              size="sm"
              busy={activity.isFetchingNextPage}
              busyLabel="Loading..."
              onClick={() => activity.fetchNextPage()}
            >
              Show older
            </Button>
          )}
        </div>
      )}
    </SettingsPanel>
  );
}

export { TeamPage as Component };
