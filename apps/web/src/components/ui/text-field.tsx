import { Eye, EyeOff } from 'lucide-react';
import { type ChangeEvent, type ComponentProps, useId, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { inputStyles } from './field-styles.ts';

type InputProps = Omit<
  ComponentProps<'input'>,
  'name' | 'form' | 'id' | 'className' | 'aria-invalid' | 'aria-describedby' | 'children'
>;

export interface TextFieldProps<Values extends FieldValues, Parsed = Values> extends InputProps {
  /**
   * The react-hook-form form (`useForm()`'s result) the field belongs to; `Parsed` is what its
   * schema turns the values into, when that differs (numbers typed as text).
   */
  form: UseFormReturn<Values, unknown, Parsed>;
  name: Path<Values>;
  label: string;
  /** Rewrites what was typed before the form reads it, e.g. the spaces in a card number. */
  format?: (value: string) => string;
  /** Numbers people copy digit by digit (card numbers, codes): monospace, aligned figures. */
  figures?: boolean;
  /** Classes for the field's wrapper (grid placement, margins). */
  className?: string;
}

/**
 * A labelled input registered with a react-hook-form form: it shows the field's message under
 * it (from the shared zod schema or the server) and points the input at it for screen readers.
 * `type="password"` adds a show/hide toggle.
 */
export function TextField<Values extends FieldValues, Parsed = Values>({
  form,
  name,
  label,
  format,
  figures = false,
  type = 'text',
  className = '',
  ...inputProps
}: TextFieldProps<Values, Parsed>) {
  const id = useId();
  const messageId = `${id}-message`;
  const error = form.getFieldState(name, form.formState).error?.message;
  const registration = form.register(name);
  const onChange = format
    ? (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = format(event.target.value);
        return registration.onChange(event);
      }
    : registration.onChange;
  const input = {
    ...inputProps,
    ...registration,
    onChange,
    id,
    'aria-invalid': Boolean(error),
    'aria-describedby': error ? messageId : undefined,
  };
  const look = `${inputStyles(Boolean(error))}${figures ? ' font-mono tabular-nums placeholder:font-sans' : ''}`;

  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        {label}
      </label>
      <div className="mt-1.5">
        {type === 'password' ? (
          <PasswordInput {...input} className={look} />
        ) : (
          <input type={type} {...input} className={look} />
        )}
      </div>
      {error && (
        <p id={messageId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle. */
function PasswordInput({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <input type={visible ? 'text' : 'password'} className={`${className} pr-12`} {...props} />
      <button
        type="button"
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? 'Hide password' : 'Show password'}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-xl text-slate-500 hover:text-ink-950"
      >
        <Icon className="size-5" />
      </button>
    </div>
  );
}
