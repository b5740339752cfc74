import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { secondStepRequest } from '../../../lib/session/api/sign-in.ts';
import { SecondStepForm } from './second-step-form.tsx';

const requests: { url: string; body: Record<string, unknown> }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { user: { id: 'u1' } } };

/** The server's answers in its wire format. */
async function serverFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  requests.push({ url: String(input), body: JSON.parse(String(init?.body ?? '{}')) });
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'content-type': 'application/json' },
  });
}

const refusal = (status: number, code: string, message: string, field?: string) => ({
  status,
  body: { error: { code, message, ...(field ? { fields: { [field]: message } } : {}) } },
});

beforeEach(() => {
  requests.length = 0;
  answer = { status: 200, body: { user: { id: 'u1' } } };
  vi.stubGlobal('fetch', vi.fn(serverFetch));
});
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  const onRestart = vi.fn();
  const signedIn = vi.fn();
  render(
    <SecondStepForm
      onCode={async (input) => {
        await secondStepRequest(input);
        signedIn();
      }}
      onRestart={onRestart}
    />,
  );
  return { onRestart, signedIn };
}

describe('the second step of a sign-in', () => {
  it('sends the six digits of the app, and says a wrong code under the field', async () => {
    const user = userEvent.setup();
    const { signedIn } = renderForm();
    answer = refusal(
      400,
      'invalid_code',
      'That code is not right. Check your app and try again.',
      'code',
    );
    await user.type(screen.getByLabelText('6-digit code'), '12 34-56');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(
      await screen.findByText('That code is not right. Check your app and try again.'),
    ).toBeTruthy();
    expect(requests.at(-1)).toMatchObject({
      url: '/api/auth/two-factor/verify-totp',
      body: { code: '123456' },
    });
    expect(signedIn).not.toHaveBeenCalled();

    answer = { status: 200, body: { user: { id: 'u1' } } };
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledOnce());
  });

  it('refuses fewer than six digits before asking the server', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('6-digit code'), '123');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the 6 digits your app shows')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('takes a recovery code instead, typed with or without its dash', async () => {
    const user = userEvent.setup();
    const { signedIn } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'AbCdE12345');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledOnce());
    expect(requests.at(-1)).toMatchObject({
      url: '/api/auth/two-factor/verify-backup-code',
      body: { code: 'AbCdE-12345' },
    });
  });

  it('goes back to the password when the step has lapsed or took too many codes', async () => {
    const user = userEvent.setup();
    const { onRestart } = renderForm();
    const lapsed = 'This sign-in has expired. Enter your email and password again.';
    answer = refusal(401, 'sign_in_expired', lapsed);
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(onRestart).toHaveBeenCalledWith(lapsed));
  });
});
