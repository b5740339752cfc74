import { paths } from '@tickerwise/shared';
import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoginAside } from '../login-aside.tsx';
import { AuthShell } from './auth-shell.tsx';

/**
 * The frame of the pages about getting into an account ("Forgot password?", the pages emailed
 * links lead to): back to sign in, unless `back` says otherwise.
 */
export function RecoveryFrame({
  title,
  lead,
  back = { to: paths.login, label: 'Back to sign in' },
  children,
}: {
  title: string;
  lead: ReactNode;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <AuthShell title={title} lead={lead} back={back} aside={<LoginAside />}>
      {children}
    </AuthShell>
  );
}

interface RecoveryFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** What went wrong with the whole form (field messages sit under their fields). */
  error: string | undefined;
  busy: boolean;
  submit: { label: string; busyLabel: string };
  /** The fields. */
  children: ReactNode;
  /** Under the button. */
  footer?: ReactNode;
}

/** The form of a recovery page: its fields, the form's error, one full-width button. */
export function RecoveryForm({
  onSubmit,
  error,
  busy,
  submit,
  children,
  footer,
}: RecoveryFormProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {children}
      {error && <Alert>{error}</Alert>}
      <Button type="submit" size="full" busy={busy} busyLabel={submit.busyLabel}>
        {submit.label}
      </Button>
      {footer}
    </form>
  );
}
