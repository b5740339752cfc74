import { useQuery } from '@tanstack/react-query';
import { type PublicCertificate, paths } from '@tickerwise/shared';
import { AlertTriangle, BadgeCheck, Ban, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Logo } from '../../components/logo.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { certificateQuery } from './api.ts';
import { formatIssueDate, type StatusNotice, statusNotice } from './certificate-status.ts';

const noticeStyles: Record<StatusNotice['tone'], { box: string; icon: ReactNode }> = {
  verified: {
    box: 'border-brand-200 bg-brand-50 text-brand-900',
    icon: <BadgeCheck aria-hidden="true" className="size-6 shrink-0 text-brand-700" />,
  },
  warning: {
    box: 'border-amber-300 bg-amber-50 text-amber-950',
    icon: <AlertTriangle aria-hidden="true" className="size-6 shrink-0 text-amber-700" />,
  },
  revoked: {
    box: 'border-slate-300 bg-slate-100 text-slate-900',
    icon: <Ban aria-hidden="true" className="size-6 shrink-0 text-slate-600" />,
  },
};

/**
 * `/certificates/:id`, public: the name its holder chose, the course, the date, and what the
 * server found when it checked the signature. Nothing else about the holder.
 */
export function CertificatePage() {
  const { id = '' } = useParams();
  const { data, isError, error, isFetching, refetch } = useQuery(certificateQuery(id));
  usePageTitle(data ? `Certificate: ${data.courseTitle}` : 'Certificate');

  return (
    <div className="min-h-dvh bg-slate-50 print:bg-white">
      <header className="mx-auto flex max-w-3xl items-center justify-between px-4 py-5 print:hidden">
        <Logo />
        <Link to={paths.courses} className="text-sm font-semibold text-brand-800 underline">
          About the courses
        </Link>
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-16">
        {data ? (
          <Certificate certificate={data} />
        ) : isError && error instanceof ApiRequestError && error.status === 404 ? (
          <NoCertificate />
        ) : isError ? (
          <ErrorState
            title="Failed to load the certificate"
            onRetry={() => refetch()}
            retrying={isFetching}
          />
        ) : (
          <CenteredSpinner label="Checking the certificate" className="py-24" />
        )}
      </main>
    </div>
  );
}

/** An id that names no certificate: a page of its own, not a failure to load. */
function NoCertificate() {
  return (
    <section className="rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center sm:px-12">
      <SearchX aria-hidden="true" className="mx-auto size-10 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink-950">
        No certificate at this address
      </h1>
      <p className="mx-auto mt-2 max-w-md text-slate-600">
        Check the link you were given: it may be mistyped, or the certificate never existed. A
        certificate its holder revoked keeps its page, which says so.
      </p>
    </section>
  );
}

function Certificate({ certificate }: { certificate: PublicCertificate }) {
  const notice = statusNotice(certificate);
  const style = noticeStyles[notice.tone];
  const standing = certificate.status === 'verified';
  return (
    <div className="space-y-6">
      <section
        role="status"
        className={`flex gap-3 rounded-2xl border p-4 print:border-2 ${style.box}`}
      >
        {style.icon}
        <div>
          <p className="font-semibold">{notice.title}</p>
          <p className="mt-1 text-sm">{notice.detail}</p>
        </div>
      </section>
      <article
        aria-labelledby="certificate-name"
        className={`rounded-3xl border-2 bg-white px-6 py-10 text-center shadow-sm sm:px-12 sm:py-14 print:shadow-none ${
          standing ? 'border-brand-600' : 'border-slate-300'
        }`}
      >
        <p className="text-xs font-semibold uppercase tracking-[0.2em] text-slate-500">
          Certificate of completion
        </p>
        <p className="mt-6 text-slate-600">This certifies that</p>
        <h1
          id="certificate-name"
          className={`mt-2 break-words text-3xl font-bold tracking-tight sm:text-4xl ${
            standing ? 'text-ink-950' : 'text-slate-500 line-through decoration-2'
          }`}
        >
          {certificate.displayName}
        </h1>
        <p className="mt-6 text-slate-600">completed the course</p>
        <p className="mt-2 text-xl font-semibold text-ink-950 sm:text-2xl">
          {certificate.courseTitle}
        </p>
        <p className="mt-6 text-sm text-slate-600">
          Issued by {certificate.issuer} on{' '}
          <time dateTime={certificate.issuedAt}>{formatIssueDate(certificate.issuedAt)}</time>
        </p>
      </article>
      <details className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-600 print:hidden">
        <summary className="cursor-pointer font-semibold text-ink-950">
          Check the signature yourself
        </summary>
        <p className="mt-3">
          The certificate is signed with Ed25519. The signature covers exactly this text, checked
          with the public key below.
        </p>
        <dl className="mt-3 space-y-2 font-mono text-xs break-all">
          <div>
            <dt className="font-sans font-semibold text-slate-700">Signed text</dt>
            <dd>{certificate.payload}</dd>
          </div>
          <div>
            <dt className="font-sans font-semibold text-slate-700">Signature (base64url)</dt>
            <dd>{certificate.signature}</dd>
          </div>
          <div>
            <dt className="font-sans font-semibold text-slate-700">Public key (base64url)</dt>
            <dd>{certificate.publicKey}</dd>
          </div>
        </dl>
      </details>
    </div>
  );
}

export { CertificatePage as Component };
