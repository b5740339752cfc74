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
 *
 * It arrives after the app has asked the server, so it is not in the page's flow: it stands
 * over the bottom of the screen (the bottom right beside the sidebar on a wide one), and the
 * room it leaves at the foot of the page is added below the last panel. Nothing on the page
 * moves when it appears or goes, and a confirmed user has no gap where it would be.
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
    <>
      <section
        aria-label="Confirm your email"
        className="fixed inset-x-3 bottom-3 z-20 flex gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950 shadow-lg shadow-ink-950/10 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-md"
      >
        <MailCheck aria-hidden="true" className="size-5 shrink-0 text-amber-700" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-semibold">{linkError ?? 'Please confirm your email address'}</p>
          <p className="mt-0.5 break-words text-amber-900" role="status">
            {failure ??
              (sent
                ? `A new link is on its way to ${query.data.email}.`
                : `We sent a link to ${query.data.email}.`)}
          </p>
          <Button
            variant="secondary"
            size="sm"
            busy={resend.isPending}
            busyLabel="Sending..."
            disabled={cooldown > 0}
            onClick={() => resend.mutate()}
            className="mt-3"
          >
            {cooldown > 0 ? `Resend in ${cooldown} s` : 'Resend Email'}
          </Button>
        </div>
        <button
          type="button"
          aria-label="Dismiss"
          className={`-mt-1 -mr-1 self-start ${iconButtonStyles('sm')}`}
          onClick={() => {
            sessionStorage.setItem(dismissedKey, '1');
            setDismissed(true);
          }}
        >
          <X className="size-4" />
        </button>
      </section>
      {/* The room the banner covers, so the page's foot can be scrolled up from under it. */}
      <div aria-hidden="true" className="h-36 sm:h-28" />
    </>
  );
}
