import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type Team, teamNameInputSchema } from '@tickerwise/shared';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { showSubmitError } from '../../../lib/submit-error.ts';
import { renameTeam, teamKey } from '../api/team.ts';

/**
 * "Rename" beside the team's name, for its Admins and Owner while the team can change: a
 * dialog with the name, saved with `PATCH /api/team`; a refusal (a name too long, the team
 * made read-only meanwhile, a role taken away) stays in the dialog on the field.
 */
export function RenameTeam({ team }: { team: Team }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const form = useForm({
    resolver: zodResolver(teamNameInputSchema),
    defaultValues: { name: team.name },
  });
  useEffect(() => {
    if (open) form.reset({ name: team.name });
  }, [open, team.name, form]);
  if (team.readOnly || (team.role !== 'owner' && team.role !== 'admin')) return null;

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      const renamed = await renameTeam(name);
      queryClient.setQueryData(teamKey, { team: renamed.team, canCreate: false });
      setOpen(false);
    } catch (failed) {
      form.setError('name', {
        message: showSubmitError(form, failed, 'The team could not be renamed. Please try again.'),
      });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Rename the team"
      description="Every member sees the new name at once; the activity log records the change."
      trigger={
        <Button variant="ghost" size="sm">
          <Pencil aria-hidden className="size-4" />
          Rename
        </Button>
      }
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-5">
        <TextField form={form} name="name" label="Team name" maxLength={60} autoComplete="off" />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Saving...">
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
