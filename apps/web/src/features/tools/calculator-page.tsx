import { paths } from '@tickerwise/shared';
import { useEffect, useId, useState } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { inputStyles } from '../../components/ui/field-styles.ts';
import { Link, useNavigateTo } from '../../lib/navigation.tsx';
import { signupPath } from '../../lib/signup-path.ts';
import { useSitePage } from '../../lib/site-pages.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { formatDollars } from '../../lib/whole-cents.ts';
import {
  type CalculatorState,
  defaultCalculatorState,
  type FieldErrors,
  type GrowthYear,
  projectGrowth,
  readInputs,
  searchFromState,
  stateFromSearch,
} from './compound-growth.ts';
import { GrowthChart } from './growth-chart.tsx';
import { NotAdvice } from './not-advice.tsx';

type Field = keyof FieldErrors;

const fields: Array<{
  field: Field;
  label: string;
  hint: string;
  inputMode: 'decimal' | 'numeric';
}> = [
  {
    field: 'start',
    label: 'Starting amount ($)',
    hint: 'What you invest on day one',
    inputMode: 'decimal',
  },
  {
    field: 'monthly',
    label: 'Monthly contribution ($)',
    hint: 'Added at the end of each month',
    inputMode: 'decimal',
  },
  { field: 'years', label: 'Years', hint: '1 to 60', inputMode: 'numeric' },
  {
    field: 'rate',
    label: 'Yearly return (%)',
    hint: 'Before fees; may be negative',
    inputMode: 'decimal',
  },
  {
    field: 'fee',
    label: 'Yearly fee (%)',
    hint: 'A fund’s expense ratio or an adviser’s fee',
    inputMode: 'decimal',
  },
  {
    field: 'inflation',
    label: 'Yearly inflation (%)',
    hint: 'For the value in today’s money',
    inputMode: 'decimal',
  },
];

/** `/tools/calculator`: compound growth, exact to the cent, shareable by its address. */
export function CalculatorPage() {
  useSitePage(paths.calculator);
  const navigate = useNavigateTo();
  const [state, setState] = useState(defaultCalculatorState);
  // The build and hydration render the defaults; the address's own figures follow at once.
  useEffect(() => {
    const shared = new URLSearchParams(window.location.search);
    if (shared.size > 0) setState(stateFromSearch(shared));
  }, []);
  const commit = (next: CalculatorState) => {
    setState(next);
    navigate(`${paths.calculator}?${searchFromState(next)}`, {
      replace: true,
      preventScrollReset: true,
    });
  };
  const setField = (field: Field, value: string) => {
    const next = { ...state };
    next[field] = value;
    commit(next);
  };
  const read = readInputs(state);
  const errors = read.ok ? {} : read.errors;
  const rows = read.ok ? projectGrowth(read.inputs) : null;
  const last = rows?.at(-1);
  const formId = useId();
  // The prerendered page shows the defaults' projection; its fields answer once the app runs.
  const hydrated = useHydrated();

  return (
    <>
      <PageHeader
        eyebrow="Free tool"
        title="Investment Calculator"
        lead="See how a starting amount and a monthly contribution could grow at a steady yearly return, what fees take along the way, and what the result is worth in today’s money."
      />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[20rem_1fr]">
        <form
          aria-labelledby={`${formId}-title`}
          className="space-y-5"
          onSubmit={(event) => event.preventDefault()}
        >
          <h2 id={`${formId}-title`} className="text-xl font-bold text-ink-950">
            Your figures
          </h2>
          {/* Disables every field until the app runs; no group of its own for assistive technology. */}
          <fieldset disabled={!hydrated} role="none" className="min-w-0 space-y-5">
            {fields.map(({ field, label, hint, inputMode }) => {
              const id = `${formId}-${field}`;
              const error = errors[field];
              return (
                <div key={field}>
                  <label htmlFor={id} className="block text-sm font-medium text-ink-950">
                    {label}
                  </label>
                  <input
                    id={id}
                    name={field}
                    inputMode={inputMode}
                    autoComplete="off"
                    value={state[field]}
                    onChange={(event) => setField(field, event.target.value)}
                    aria-invalid={Boolean(error)}
                    aria-describedby={`${id}-hint`}
                    className={`mt-1.5 font-mono tabular-nums ${inputStyles(Boolean(error))}`}
                  />
                  <p
                    id={`${id}-hint`}
                    className={`mt-1 min-h-5 text-sm ${error ? 'text-red-700' : 'text-slate-600'}`}
                  >
                    {error ?? hint}
                  </p>
                </div>
              );
            })}
            <label className="flex items-center gap-3 text-sm font-medium text-ink-950">
              <input
                type="checkbox"
                name="real"
                checked={state.real}
                onChange={(event) => commit({ ...state, real: event.target.checked })}
                className="size-5 rounded border-slate-300 accent-brand-700"
              />
              Show the table in today’s money
            </label>
          </fieldset>
          <p className="text-sm text-slate-600">
            The address of this page holds your figures: copy it to share this projection.
          </p>
        </form>

        <div className="min-w-0 space-y-8">
          <section aria-labelledby={`${formId}-result`} aria-live="polite">
            <h2 id={`${formId}-result`} className="sr-only">
              Result
            </h2>
            <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              <Figure
                label="Balance at the end"
                value={last ? formatDollars(last.balanceCents) : '—'}
              />
              <Figure
                label="You put in"
                value={last ? formatDollars(last.contributedCents) : '—'}
              />
              <Figure
                label="Growth after fees"
                value={last ? formatDollars(last.growthCents) : '—'}
              />
              <Figure label="Fees paid" value={last ? formatDollars(last.feesCents) : '—'} />
            </dl>
            <p className="mt-3 min-h-6 text-slate-700">
              {last
                ? `In today’s money, with prices rising ${state.inflation.trim()}% a year, the balance would buy what ${formatDollars(last.realCents)} buys now.`
                : 'Correct the highlighted figures to see the projection.'}
            </p>
          </section>
          <GrowthChart rows={rows ?? []} />
          {rows && <YearTable rows={rows} real={state.real} />}
          <NotAdvice>
            A steady return is an assumption for learning: real markets rise and fall from one year
            to the next, and a projection is not a promise. Interest is added monthly (the yearly
            rate divided by 12) and each month’s figures are rounded to the cent.
          </NotAdvice>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.riskAssessment} className={buttonStyles({ variant: 'secondary' })}>
              Take the risk assessment
            </Link>
            <Link to={signupPath('free')} className={buttonStyles()}>
              Track a real portfolio free
            </Link>
          </div>
        </div>
      </Container>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 font-mono text-lg font-semibold break-all text-ink-950 tabular-nums">
        {value}
      </dd>
    </div>
  );
}

function YearTable({ rows, real }: { rows: GrowthYear[]; real: boolean }) {
  return (
    // A phone scrolls the table sideways: the box takes focus so the keyboard can scroll it too.
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      aria-label="Year by year"
      className="overflow-x-auto rounded-2xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <table className="w-full text-right text-sm tabular-nums">
        <caption className="p-3 text-left font-semibold text-ink-950">
          Year by year{real ? ', in today’s money' : ''}
        </caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              Year
            </th>
            <th scope="col" className="px-3 py-2">
              Put in
            </th>
            <th scope="col" className="px-3 py-2">
              Growth
            </th>
            <th scope="col" className="px-3 py-2">
              Fees paid
            </th>
            <th scope="col" className="px-3 py-2">
              Balance
            </th>
            {real && (
              <th scope="col" className="px-3 py-2">
                Today’s money
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 font-mono">
          {rows.map((row) => (
            <tr key={row.year}>
              <th scope="row" className="px-3 py-2 text-left font-sans font-medium">
                {row.year}
              </th>
              <td className="px-3 py-2">{formatDollars(row.contributedCents)}</td>
              <td className="px-3 py-2">{formatDollars(row.growthCents)}</td>
              <td className="px-3 py-2">{formatDollars(row.feesCents)}</td>
              <td className="px-3 py-2">{formatDollars(row.balanceCents)}</td>
              {real && <td className="px-3 py-2">{formatDollars(row.realCents)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export { CalculatorPage as Component };
