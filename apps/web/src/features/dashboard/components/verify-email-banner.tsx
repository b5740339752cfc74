import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EmailVerification,
  emailVerificationSchema,
  verificationResendSeconds,
} from '@tickerwise/shared';
import { MailCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, iconButtonStyles } from '../../../components/ui/button.tsx';
import { apiRequest } from '../../../lib/api-client.ts';

const verificationKey = ['me', 'email-verification'] as const;
/** Dismissed for this browser session: the banner comes back on the next visit. */
const dismissedKey = 'tickerwise.verify-banner-dismissed';

/** The errors better-auth adds to the dashboard's address when a confirmation link failed. */
const linkErrors: Record<string, string> = {
  TOKEN_EXPIRED: 'That confirmation link has expired.',
  INVALID_TOKEN: 'That confirmation link is not valid.',
};

/** Counts down to zero once a second from `seconds` (restarted whenever `seconds` changes). */
function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

/**
 * On the dashboard until the user's address is confirmed (docs/PRODUCT.md §5): says where the
 * link went, resends it (once a minute), and can be put away for this visit.
 */
export function VerifyEmailBanner() {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const linkError = linkErrors[searchParams.get('error') ?? ''];
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(dismissedKey) === '1');
  const [cooldown, startCooldown] = useCountdown();
  const [sent, setSent] = useState(false);
  const query = useQuery({
    queryKey: verificationKey,
    queryFn: async ({ signal }) =>
      emailVerificationSchema.parse(
        await apiRequest<unknown>('/api/email/verification', { signal }),
      ),
    staleTime: 60_000,
  });
  const resend = useMutation({
    mutationFn: async () =>
      emailVerificationSchema.parse(
        await apiRequest<EmailVerification>('/api/email/verification', { method: 'POST' }),
      ),
    onSuccess: (status) => {
      queryClient.setQueryData(verificationKey, status);
      setSent(true);
      startCooldown(verificationResendSeconds);
    },
  });

  // Loading or unreachable: the dashboard goes on without the banner.
  if (!query.data || query.data.verified || (dismissed && !linkError)) return null;
  const failure = resend.error instanceof Error ? resend.error.message : undefined;

  return (
    <section
      aria-label="Confirm your email"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center"
    >
      <MailCheck aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{linkError ?? 'Please confirm your email address'}</p>
        <p className="mt-0.5 text-amber-900" role="status">
          {failure ??
            (sent
              ? `A new link is on its way to ${query.data.email}.`
              : `We sent a link to ${query.data.email}. Confirm it so that we know our emails reach you.`)}
        </p>
      </div>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          busy={resend.isPending}
          busyLabel="Sending..."
          disabled={cooldown > 0}
          onClick={() => resend.mutate()}
        >
          {cooldown > 0 ? `Resend in ${cooldown} s` : 'Resend Email'}
        </Button>
        <button
          type="button"
          aria-label="Dismiss"
          className={iconButtonStyles('sm')}
          onClick={() => {
            sessionStorage.setItem(dismissedKey, '1');
            setDismissed(true);
          }}
        >
          <X className="size-4" />
        </button>
      </div>
    </section>
  );
}
