import type { Path, UseFormReturn } from 'react-hook-form';
import { TextField } from './ui/text-field.tsx';

/**
 * A new password typed twice (the shared schemas check the length and that both match): the
 * reset page and Settings, Security.
 */
export function NewPasswordFields<Values extends { newPassword: string; confirmPassword: string }>({
  form,
}: {
  form: UseFormReturn<Values>;
}) {
  return (
    <>
      <TextField
        form={form}
        name={'newPassword' as Path<Values>}
        label="New password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
      />
      <TextField
        form={form}
        name={'confirmPassword' as Path<Values>}
        label="New password again"
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
