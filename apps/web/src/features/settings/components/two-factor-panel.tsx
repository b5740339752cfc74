import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  authenticatorCodeSchema,
  type ConfirmTwoFactorInput,
  confirmTwoFactorSchema,
  enableTwoFactorSchema,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@tickerwise/shared';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SettingsPanel } from '../../../components/settings-panel.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDate } from '../../../lib/format-time.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { showSubmitError } from '../../../lib/submit-error.ts';
import { sessionsKey } from '../api/get-sessions.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  renewRecoveryCodes,
  startTwoFactor,
  twoFactorKey,
  useTwoFactor,
} from '../api/two-factor.ts';
import { groupedSecret, secretOf } from '../two-factor-setup.ts';
import { RecoveryCodes } from './recovery-codes.tsx';

type Outcome = { tone: 'success' | 'error'; message: string };

/**
 * Settings, Security: two-factor sign-in with an authenticator app (docs/PRODUCT.md §3.19).
 * Off: the password starts the setup (QR code, the secret as text, ten recovery codes), a code
 * from the app turns it on. On: since when, recovery codes left, new codes or turning it off,
 * each with the password and a code.
 */
export function TwoFactorPanel() {
  const auth = useAuth();
  const status = useTwoFactor();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [action, setAction] = useState<'start' | 'renew' | 'disable' | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [outcome, setOutcome] = useState<Outcome>();
  const email = auth.status === 'signed-in' ? auth.user.email : '';

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: twoFactorKey });
    // Turning it on or off starts a new session for this device.
    await queryClient.invalidateQueries({ queryKey: sessionsKey });
  };

  const current = status.data;
  const badge = current ? (
    <Badge tone={current.enabled ? 'success' : 'neutral'}>{current.enabled ? 'On' : 'Off'}</Badge>
  ) : undefined;

  return (
    <SettingsPanel
      title="Two-factor sign-in"
      description="Ask for a code from an authenticator app (Google Authenticator, 1Password, Authy...) after your password, every time you sign in."
      action={badge}
    >
      {outcome && (
        <Alert tone={outcome.tone} className="mb-4">
          {outcome.message}
        </Alert>
      )}
      {status.isError && !current ? (
        <ErrorState
          title="Your two-factor settings could not be loaded."
          onRetry={() => status.refetch()}
          retrying={status.isFetching}
        />
      ) : !current ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading your two-factor settings</span>
          <Skeleton className="h-4 w-64" />
          <Skeleton className="h-9 w-32" />
        </div>
      ) : setup ? (
        <SetupSteps
          setup={setup}
          email={email}
          onCancel={() => setSetup(null)}
          onEnabled={async () => {
            setSetup(null);
            setOutcome({
              tone: 'success',
              message:
                'Two-factor sign-in is on. Signing in now asks for a code from your app. We emailed you a notice.',
            });
            await refresh();
          }}
        />
      ) : current.enabled ? (
        <EnabledView
          status={current}
          email={email}
          action={action}
          newCodes={newCodes}
          onAction={(next) => {
            setOutcome(undefined);
            setNewCodes(null);
            setAction(next);
          }}
          onRenewed={async (codes) => {
            setAction(null);
            setNewCodes(codes);
            setOutcome({
              tone: 'success',
              message: 'You have ten new recovery codes. The old ones no longer work.',
            });
            await refresh();
          }}
          onDisabled={async () => {
            setAction(null);
            setOutcome({
              tone: 'success',
              message:
                'Two-factor sign-in is off. Signing in needs your password only. We emailed you a notice.',
            });
            await refresh();
          }}
        />
      ) : action === 'start' ? (
        <PasswordStep
          onCancel={() => setAction(null)}
          onStarted={(started) => {
            setAction(null);
            setOutcome(undefined);
            setSetup(started);
          }}
        />
      ) : (
        <Button
          onClick={() => {
            setOutcome(undefined);
            setAction('start');
          }}
        >
          Turn on two-factor sign-in
        </Button>
      )}
    </SettingsPanel>
  );
}

function PasswordStep({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoFactorSetup) => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(enableTwoFactorSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(undefined);
    try {
      onStarted(await startTwoFactor(password));
    } catch (failure) {
      const message = showSubmitError(form, failure, 'The setup could not start. Try again.');
      if (!form.getFieldState('password').error) setError(message);
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-md space-y-4">
      <TextField
        form={form}
        name="password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Starting...">
          Continue
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

const codeForm = z.object({ code: authenticatorCodeSchema.shape.code });

function SetupSteps({
  setup,
  email,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  email: string;
  onEnabled: () => Promise<void>;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string>();
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const secret = secretOf(setup.totpURI);
  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(undefined);
    try {
      await confirmTwoFactor(code);
      await onEnabled();
    } catch (failure) {
      const message = showSubmitError(form, failure, 'The code could not be checked. Try again.');
      if (!form.getFieldState('code').error) setError(message);
    }
  });
  return (
    <div className="space-y-6">
      <ol className="space-y-6">
        <li>
          <h3 className="text-sm font-semibold text-ink-950">1. Scan this code with your app</h3>
          <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-center">
            <QrCode value={setup.totpURI} />
            <div className="min-w-0 text-sm text-slate-600">
              <p>Can't scan it? Enter this key in the app instead (time-based, 6 digits):</p>
              <p
                className="mt-2 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-ink-950"
                data-testid="two-factor-secret"
              >
                {groupedSecret(secret)}
              </p>
            </div>
          </div>
        </li>
        <li>
          <h3 className="mb-3 text-sm font-semibold text-ink-950">2. Save your recovery codes</h3>
          <RecoveryCodes codes={setup.backupCodes} email={email} />
        </li>
        <li>
          <h3 className="text-sm font-semibold text-ink-950">3. Enter the code the app shows</h3>
          <form noValidate onSubmit={onSubmit} className="mt-3 max-w-xs space-y-4">
            <TextField
              form={form}
              name="code"
              label="6-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              format={(value) => value.replace(/\D/g, '').slice(0, 6)}
              figures
            />
            {error && <Alert>{error}</Alert>}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Checking...">
                Turn on
              </Button>
              <Button type="button" variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

/** The QR code of the `otpauth://` address, drawn in the browser (the library loads here only). */
function QrCode({ value }: { value: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((qrcode) =>
        qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((drawn) => {
        if (live) setSvg(drawn);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [value]);
  if (failed) {
    return (
      <p className="w-40 shrink-0 text-sm text-slate-600">
        The QR code could not be drawn: enter the key by hand.
      </p>
    );
  }
  return svg ? (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code for your authenticator app"
      width={160}
      height={160}
      className="size-40 shrink-0 rounded-md border border-slate-200 bg-white"
    />
  ) : (
    <Skeleton className="size-40 shrink-0" />
  );
}

function EnabledView({
  status,
  email,
  action,
  newCodes,
  onAction,
  onRenewed,
  onDisabled,
}: {
  status: TwoFactorStatus;
  email: string;
  action: 'start' | 'renew' | 'disable' | null;
  newCodes: string[] | null;
  onAction: (action: 'renew' | 'disable' | null) => void;
  onRenewed: (codes: string[]) => Promise<void>;
  onDisabled: () => Promise<void>;
}) {
  const few = status.recoveryCodesLeft <= 3;
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Turned on</dt>
          <dd className="font-medium text-ink-950">
            {status.enabledAt ? formatDate(status.enabledAt) : 'Yes'}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Recovery codes left</dt>
          <dd className={`font-medium ${few ? 'text-red-700' : 'text-ink-950'}`}>
            {status.recoveryCodesLeft} of 10
          </dd>
        </div>
      </dl>
      {few && action !== 'renew' && (
        <Alert tone="warning">
          Few recovery codes are left. Make new ones so you are not locked out if you lose your
          phone.
        </Alert>
      )}
      {newCodes && <RecoveryCodes codes={newCodes} email={email} />}
      {action === 'renew' ? (
        <ConfirmForm
          title="New recovery codes"
          submitLabel="Make new codes"
          busyLabel="Making..."
          onCancel={() => onAction(null)}
          onConfirm={async (input) => onRenewed((await renewRecoveryCodes(input)).backupCodes)}
        />
      ) : action === 'disable' ? (
        <ConfirmForm
          title="Turn off two-factor sign-in"
          submitLabel="Turn off"
          busyLabel="Turning off..."
          danger
          onCancel={() => onAction(null)}
          onConfirm={async (input) => {
            await disableTwoFactor(input);
            await onDisabled();
          }}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => onAction('renew')}>
            New recovery codes
          </Button>
          <Button variant="ghost" onClick={() => onAction('disable')}>
            Turn off
          </Button>
        </div>
      )}
    </div>
  );
}

function ConfirmForm({
  title,
  submitLabel,
  busyLabel,
  danger = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  submitLabel: string;
  busyLabel: string;
  danger?: boolean;
  onConfirm: (input: ConfirmTwoFactorInput) => Promise<void>;
  onCancel: () => void;
}) {
  const [error, setError] = useState<string>();
  const form = useForm<ConfirmTwoFactorInput, unknown, ConfirmTwoFactorInput>({
    resolver: zodResolver(confirmTwoFactorSchema),
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = form.handleSubmit(async (input) => {
    setError(undefined);
    try {
      await onConfirm(input);
    } catch (failure) {
      const message = showSubmitError(form, failure, 'That did not work. Try again.');
      const { password, code } = form.formState.errors;
      if (!password && !code) setError(message);
    }
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={title}
      className="max-w-md space-y-4 rounded-lg border border-slate-200 p-4"
    >
      <h3 className="text-sm font-semibold text-ink-950">{title}</h3>
      <p className="text-sm text-slate-600">
        Confirm with your password and a code from your app, or one of your recovery codes.
      </p>
      <TextField
        form={form}
        name="password"
        label="Your password"
        type="password"
        autoComplete="current-password"
        autoFocus
      />
      <TextField
        form={form}
        name="code"
        label="Code from your app, or a recovery code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        figures
      />
      {error && <Alert>{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          busy={form.formState.isSubmitting}
          busyLabel={busyLabel}
        >
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
