import type { FormEvent, ReactNode } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

interface Credentials {
  email: string;
  password: string;
}

interface AccountFormProps<Values extends Credentials> {
  form: UseFormReturn<Values>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Signing in to an existing account, or choosing the password of a new one. */
  purpose: 'sign-in' | 'sign-up';
  /** Why the last submit failed, shown in a red box above the button. */
  error: string | undefined;
  submitLabel: ReactNode;
  busyLabel: string;
  /** Fields before the email, e.g. the name on sign-up. */
  children?: ReactNode;
  /** Under the password, e.g. "Forgot password?" on sign-in. */
  belowPassword?: ReactNode;
}

/** The login and sign-up forms: email and password (with show/hide), the error, the button. */
export function AccountForm<Values extends Credentials>({
  form,
  onSubmit,
  purpose,
  error,
  submitLabel,
  busyLabel,
  children,
  belowPassword,
}: AccountFormProps<Values>) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {children}
      <TextField
        form={form}
        name={'email' as Path<Values>}
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
      />
      <TextField
        form={form}
        name={'password' as Path<Values>}
        label="Password"
        type="password"
        {...(purpose === 'sign-in'
          ? { autoComplete: 'current-password' }
          : { autoComplete: 'new-password', placeholder: 'At least 8 characters' })}
      />
      {belowPassword}
      {error && <Alert>{error}</Alert>}
      <Button type="submit" size="full" busy={form.formState.isSubmitting} busyLabel={busyLabel}>
        {submitLabel}
      </Button>
    </form>
  );
}
