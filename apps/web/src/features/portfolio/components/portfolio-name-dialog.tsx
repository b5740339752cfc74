import { zodResolver } from '@hookform/resolvers/zod';
import { type PortfolioInput, portfolioInputSchema } from '@tickerwise/shared';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiRequestError } from '../../../lib/api-client.ts';

/** Names a new portfolio or renames one; the server refuses a name already used. */
export function PortfolioNameDialog({
  open,
  onOpenChange,
  title,
  submitLabel,
  initialName = '',
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  submitLabel: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const formId = useId();
  const [failure, setFailure] = useState<string>();
  const form = useForm<PortfolioInput>({
    resolver: zodResolver(portfolioInputSchema),
    defaultValues: { name: initialName },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset({ name: initialName });
      setFailure(undefined);
    }
  }, [open, initialName, reset]);

  const submit = form.handleSubmit(async ({ name }) => {
    setFailure(undefined);
    try {
      await onSubmit(name);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields.name) {
        form.setError('name', { message: error.fields.name });
      } else {
        setFailure(error instanceof Error ? error.message : 'That did not work. Try again.');
      }
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button
            type="submit"
            form={formId}
            busy={form.formState.isSubmitting}
            busyLabel="Saving..."
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <TextField
          form={form}
          name="name"
          label="Name"
          autoComplete="off"
          placeholder="Retirement"
        />
        {failure && <Alert>{failure}</Alert>}
      </form>
    </Dialog>
  );
}
