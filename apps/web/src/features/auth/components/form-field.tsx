import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}

/** A label, its control and the field's message; the control points at the message by id. */
export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria attributes an input needs to announce its field's error. */
export function errorAria(id: string, error: string | undefined) {
  return error
    ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` }
    : { 'aria-invalid': false as const };
}
