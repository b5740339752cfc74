import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TextField } from './text-field.tsx';

const schema = z.object({
  email: z.email('Please enter your email'),
  password: z.string().min(8, 'At least 8 characters'),
  code: z.string(),
});

function SignInForm({
  onSubmit = () => {},
}: {
  onSubmit?: (values: z.infer<typeof schema>) => void;
}) {
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', code: '' },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField form={form} name="email" label="Email" type="email" />
      <TextField form={form} name="password" label="Password" type="password" />
      <TextField form={form} name="code" label="Code" format={(value) => value.toUpperCase()} />
      <button type="submit">Sign In</button>
    </form>
  );
}

describe('a text field bound to a form', () => {
  it('shows the schema’s message under the field and points the input at it', async () => {
    render(<SignInForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(email.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('Please enter your email');
    expect(screen.getByText('At least 8 characters')).toBeTruthy();
  });

  it('hands the typed values to the form, reformatted where it says so', async () => {
    const submitted: unknown[] = [];
    render(<SignInForm onSubmit={(values) => submitted.push(values)} />);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'correct horse');
    await userEvent.type(screen.getByLabelText('Code'), 'ab12');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(submitted).toEqual([
      { email: 'ada@example.com', password: 'correct horse', code: 'AB12' },
    ]);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('false');
  });

  it('shows and hides a password', async () => {
    render(<SignInForm />);
    const password = screen.getByLabelText('Password', { selector: 'input' });
    expect(password.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });
});
