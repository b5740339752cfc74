import {
  apiDocsPath,
  apiKeysPerUser,
  apiSamples,
  entitlementsByTier,
  paths,
  plans,
  settingsPath,
} from '@tickerwise/shared';
import type { ReactNode } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { Link } from '../../lib/navigation.tsx';
import { useSitePage } from '../../lib/site-pages.ts';

const openApiPath = '/api/v1/openapi.json';
const withApi = plans
  .filter((plan) => entitlementsByTier[plan.tier].apiAccess)
  .map((plan) => plan.name)
  .join(' and ');

const linkStyle = 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800';

const routes: Array<[string, string]> = [
  ['GET /api/v1/key', 'The key in use'],
  ['GET /api/v1/quotes/{symbol}', 'A stock’s or ETF’s latest quote'],
  ['GET /api/v1/stocks/{symbol}', 'A stock as its page shows it'],
  [
    'GET /api/v1/stocks/{symbol}/intraday?range=',
    'Intraday bars: 1d in 5-minute bars, 5d in 15-minute bars',
  ],
  ['GET /api/v1/stocks/{symbol}/history?range=', 'Daily bars: 1m, 3m, 6m, 1y or 5y'],
  ['GET /api/v1/stocks/{symbol}/company', 'Company profile and key statistics'],
  ['GET /api/v1/stocks/{symbol}/analysis', 'Technical rating, key figures and checks (free)'],
  ['POST /api/v1/stocks/{symbol}/analysis/written', 'The written analysis (one AI credit a day)'],
  ['GET /api/v1/symbols?q=', 'Symbol search'],
  [
    'GET /api/v1/watchlists, /alerts, /portfolios',
    'Your own lists, alerts and portfolios, read-only',
  ],
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-ink-950">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-700">{children}</div>
    </section>
  );
}

/** `/docs`: the public API's landing page for developers, with samples a test runs. */
export function DocsPage() {
  useSitePage(paths.docs);
  return (
    <>
      <PageHeader
        eyebrow="Developers"
        title="The Tickerwise API"
        lead="A read-only HTTPS API with JSON answers: quotes, history, company data and the analysis of US stocks and ETFs, and your own watchlists, alerts and portfolios."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={apiDocsPath} className={buttonStyles({ size: 'lg' })}>
            Open the interactive reference
          </a>
          <a href={openApiPath} className={buttonStyles({ variant: 'on-dark', size: 'lg' })}>
            OpenAPI document
          </a>
        </div>
      </PageHeader>
      <Container className="max-w-4xl space-y-12 py-12 sm:py-16">
        <Section id="keys" title="API keys">
          <p>
            The API comes with the {withApi} plans. Create a key in{' '}
            <Link to={settingsPath('api')} className={linkStyle}>
              Settings, API
            </Link>{' '}
            (your password is asked): it starts with <code className="font-mono">tw_</code> and is
            shown once, so store it as you would a password. An account has up to {apiKeysPerUser}{' '}
            keys; revoke one there at any time, and a new password revokes them all.
          </p>
        </Section>
        <Section id="authentication" title="Authentication">
          <p>
            Send the key in the <code className="font-mono">Authorization</code> header of every
            request: <code className="font-mono break-all">Authorization: Bearer tw_…</code>. A
            signed-in browser session does not work on the API, and a key does not work anywhere
            else. A missing or revoked key is answered 401; a key whose owner’s plan has no API
            access, 402.
          </p>
        </Section>
        <Section id="rate-limits" title="Rate limits">
          <p>
            By default 60 requests a minute per key, counted across every server. Each answer says
            where you stand in <code className="font-mono">RateLimit-Policy</code> and{' '}
            <code className="font-mono">RateLimit</code> headers; a request over the limit is
            answered 429 with <code className="font-mono">Retry-After</code> in seconds.
          </p>
        </Section>
        <Section id="routes" title="What it serves">
          <div className="overflow-x-auto rounded-2xl border border-slate-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">The API’s routes</caption>
              <thead className="bg-slate-50 text-ink-950">
                <tr>
                  <th scope="col" className="px-4 py-2">
                    Route
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Answers
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {routes.map(([route, answer]) => (
                  <tr key={route}>
                    <th
                      scope="row"
                      className="px-4 py-2 font-mono text-xs font-normal text-ink-950"
                    >
                      {route}
                    </th>
                    <td className="px-4 py-2">{answer}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            Every price carries its provenance (<code className="font-mono">source</code>,{' '}
            <code className="font-mono">asOf</code>, <code className="font-mono">delayed</code>),
            and errors have one shape:{' '}
            <code className="font-mono break-all">
              {'{ "error": { "code": "…", "message": "…" } }'}
            </code>
            . The{' '}
            <a href={apiDocsPath} className={linkStyle}>
              interactive reference
            </a>{' '}
            lists every parameter, answer and error, with “Authorize” for your key and “Try it out”;
            the{' '}
            <a href={openApiPath} className={linkStyle}>
              OpenAPI 3.1 document
            </a>{' '}
            generates a client in most languages.
          </p>
        </Section>
        <Section id="samples" title="Code samples">
          <p>
            Each sample fetches the latest quote of AAPL and prints the JSON answer. Set{' '}
            <code className="font-mono">TICKERWISE_URL</code> to this site’s address and{' '}
            <code className="font-mono">TICKERWISE_API_KEY</code> to your key first. Our tests run
            these exact samples against a running server.
          </p>
          {apiSamples.map((sample) => (
            <figure key={sample.id} id={`sample-${sample.id}`}>
              <figcaption className="text-sm font-semibold text-ink-950">
                {sample.language}{' '}
                <span className="font-normal text-slate-600">· {sample.runs}</span>
              </figcaption>
              <pre className="mt-2 rounded-xl bg-ink-950 p-4 font-mono text-xs leading-6 break-words whitespace-pre-wrap text-slate-100">
                <code>{sample.code}</code>
              </pre>
            </figure>
          ))}
        </Section>
        <p className="text-slate-700">
          Need the API?{' '}
          <Link to={paths.pricing} className={linkStyle}>
            Compare the plans
          </Link>{' '}
          or{' '}
          <Link to={paths.help} className={linkStyle}>
            read the help centre’s API answers
          </Link>
          .
        </p>
      </Container>
    </>
  );
}

export { DocsPage as Component };
