import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CourseCertificate,
  certificatePath,
  certificateRequestSchema,
} from '@tickerwise/shared';
import { Award } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { showSubmitError } from '../../../lib/submit-error.ts';
import { useIssueCertificate, useRevokeCertificate } from '../api.ts';
import { formatIssueDate } from '../certificate-status.ts';

interface CertificatePanelProps {
  courseId: string;
  courseTitle: string;
  certificate: CourseCertificate | null;
}

/**
 * On a completed course: get its certificate, showing the name the user chooses (their
 * account name to begin with), then share its public page or revoke it.
 */
export function CertificatePanel({ courseId, courseTitle, certificate }: CertificatePanelProps) {
  const standing = certificate && !certificate.revokedAt ? certificate : null;
  return (
    <Card size="md" className="space-y-3 border-brand-200 bg-brand-50/60">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-ink-950">
        <Award aria-hidden="true" className="size-5 text-brand-700" />
        {standing ? 'Your certificate' : 'Get your certificate'}
      </h2>
      {standing ? (
        <IssuedCertificate certificate={standing} />
      ) : (
        <IssueForm courseId={courseId} courseTitle={courseTitle} revoked={certificate} />
      )}
    </Card>
  );
}

function IssueForm({
  courseId,
  courseTitle,
  revoked,
}: {
  courseId: string;
  courseTitle: string;
  revoked: CourseCertificate | null;
}) {
  const auth = useAuth();
  const issue = useIssueCertificate(courseId);
  const [error, setError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(certificateRequestSchema),
    defaultValues: { displayName: auth.status === 'signed-in' ? auth.user.name : '' },
  });
  const onSubmit = form.handleSubmit(async ({ displayName }) => {
    setError(undefined);
    try {
      await issue.mutateAsync(displayName);
    } catch (failure) {
      setError(showSubmitError(form, failure, 'The certificate could not be issued. Try again.'));
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <p className="text-sm text-slate-700">
        {revoked
          ? `You revoked your certificate of ${courseTitle} on ${formatIssueDate(revoked.revokedAt ?? revoked.issuedAt)}. You can get a new one.`
          : `You completed ${courseTitle}. Its certificate has a public page anyone with the link can open: it shows the name below, the course and the date, and nothing else about you.`}
      </p>
      <TextField
        form={form}
        name="displayName"
        label="Name to show on the certificate"
        autoComplete="name"
        className="max-w-md"
      />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" size="sm" busy={form.formState.isSubmitting} busyLabel="Issuing...">
        Get your certificate
      </Button>
    </form>
  );
}

function IssuedCertificate({ certificate }: { certificate: CourseCertificate }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useRevokeCertificate();
  const path = certificatePath(certificate.id);
  return (
    <>
      <p className="text-sm text-slate-700">
        Issued to <strong>{certificate.displayName}</strong> on{' '}
        {formatIssueDate(certificate.issuedAt)}. Anyone with the link can check it.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Link to={path} className="font-semibold text-brand-800 underline">
          Open the certificate
        </Link>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
          Revoke
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => {
          revoke.reset();
          setConfirming(open);
        }}
        title="Revoke this certificate?"
        description="Its public page will say it was revoked, to anyone who opens the link. You can get a new certificate, with a new link, afterwards."
      >
        {revoke.isError && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {revoke.error.message}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button
            variant="dark"
            busy={revoke.isPending}
            busyLabel="Revoking..."
            onClick={() => revoke.mutate(certificate.id, { onSuccess: () => setConfirming(false) })}
          >
            Revoke certificate
          </Button>
        </div>
      </Dialog>
    </>
  );
}
