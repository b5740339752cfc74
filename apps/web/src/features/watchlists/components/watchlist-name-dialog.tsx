import { zodResolver } from '@hookform/resolvers/zod';
import { type WatchlistNameInput, watchlistNameInputSchema } from '@tickerwise/shared';
import { type ReactNode, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';

interface WatchlistNameDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; a refusal's message is shown on the field. */
  onSubmit: (name: string) => Promise<unknown>;
  trigger?: ReactNode;
}

/** Names a new watchlist or renames one, with the server's refusals on the field. */
export function WatchlistNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = '',
  onSubmit,
  trigger,
}: WatchlistNameDialogProps) {
  const form = useForm<WatchlistNameInput>({
    resolver: zodResolver(watchlistNameInputSchema),
    defaultValues: { name: initialName },
  });
  useEffect(() => {
    if (open) form.reset({ name: initialName });
  }, [open, initialName, form]);

  const submit = form.handleSubmit(async ({ name }) => {
    try {
      await onSubmit(name);
      onOpenChange(false);
    } catch (error) {
      const message =
        error instanceof ApiRequestError ? error.message : 'The watchlist could not be saved.';
      form.setError('name', { message });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} trigger={trigger}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-5">
        <TextField form={form} name="name" label="Name" maxLength={60} autoComplete="off" />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Saving...">
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
