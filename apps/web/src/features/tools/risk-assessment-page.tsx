import {
  maxRiskScore,
  paths,
  type RiskProfile,
  riskBands,
  riskProfileFor,
  riskProfiles,
  riskQuestions,
  riskScore,
  settingsPath,
} from '@tickerwise/shared';
import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { Link } from '../../lib/navigation.tsx';
import { usePublicAuth } from '../../lib/session/auth-provider.tsx';
import { signupPath } from '../../lib/signup-path.ts';
import { useSitePage } from '../../lib/site-pages.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { AllocationHistoryBox, readingHistory } from './allocation-history-box.tsx';
import { saveRiskAnswers } from './api/save-risk-answers.ts';
import { forgetAnswers, keepAnswers, keptAnswers } from './kept-answers.ts';
import { NotAdvice } from './not-advice.tsx';

const AllocationHistory = lazy(async () => ({
  default: (await import('./allocation-history.tsx')).AllocationHistory,
}));

/**
 * `/tools/risk-assessment`: ten questions and a profile. The answers stay in this browser
 * (kept in its storage, so they survive signing up) until a signed-in user chooses "Save to my
 * account": only that sends them to the server.
 */
export function RiskAssessmentPage() {
  useSitePage(paths.riskAssessment);
  const [answers, setAnswers] = useState<(number | undefined)[]>(() =>
    riskQuestions.map(() => undefined),
  );
  // The profile shown, with the answers it was given for (what saving would send).
  const [shown, setShown] = useState<{ profile: RiskProfile; answers: number[] } | null>(null);
  const [missing, setMissing] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const formId = useId();
  // The questions answer once the app runs the page (hydration would undo earlier choices).
  const hydrated = useHydrated();
  const score = riskScore(answers);
  const answered = answers.filter((answer) => answer !== undefined).length;

  // Answers kept from an earlier visit come back once the page has hydrated.
  useEffect(() => {
    const kept = keptAnswers();
    const keptScore = kept && riskScore(kept);
    if (kept && keptScore !== null) {
      setAnswers(kept);
      setShown({ profile: riskProfileFor(keptScore), answers: kept });
    }
  }, []);

  const forget = () => {
    forgetAnswers();
    setAnswers(riskQuestions.map(() => undefined));
    setShown(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) {
      setMissing(true);
      const first = answers.indexOf(undefined);
      document.getElementById(`${formId}-q${first}-0`)?.focus();
      return;
    }
    setMissing(false);
    const complete = answers as number[];
    keepAnswers(complete);
    setShown({ profile: riskProfileFor(score), answers: complete });
    requestAnimationFrame(() => resultHeading.current?.focus());
  };

  return (
    <>
      <PageHeader
        eyebrow="Free tool"
        title="Risk Assessment"
        lead="Ten questions about your time horizon, how you take losses, your experience and your safety net. Your answers stay in this browser: nothing is sent to us unless you sign in and choose to save your profile."
      />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[1fr_22rem]">
        <form onSubmit={submit} noValidate>
          {/* Disables every field until the app runs; no group of its own for assistive technology. */}
          <fieldset disabled={!hydrated} role="none" className="min-w-0 space-y-6">
            <ol className="space-y-6">
              {riskQuestions.map((question, index) => (
                <li key={question.id}>
                  <fieldset className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                    <legend className="px-1 text-sm font-semibold text-brand-800">
                      {index + 1} of {riskQuestions.length} · {question.topic}
                    </legend>
                    <p className="font-medium text-ink-950">{question.text}</p>
                    <div className="mt-3 grid gap-2 sm:grid-cols-2">
                      {question.answers.map((answer, points) => {
                        const id = `${formId}-q${index}-${points}`;
                        return (
                          <label
                            key={answer}
                            htmlFor={id}
                            className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                          >
                            <input
                              id={id}
                              type="radio"
                              name={question.id}
                              checked={answers[index] === points}
                              onChange={() =>
                                setAnswers((current) =>
                                  current.map((value, at) => (at === index ? points : value)),
                                )
                              }
                              className="mt-0.5 size-4 accent-brand-700"
                            />
                            {answer}
                          </label>
                        );
                      })}
                    </div>
                  </fieldset>
                </li>
              ))}
            </ol>
            <div className="flex flex-wrap items-center gap-4">
              <Button type="submit" size="lg">
                See my profile
              </Button>
              <p className="text-sm text-slate-600" aria-live="polite">
                {missing
                  ? `Answer every question first: ${riskQuestions.length - answered} left.`
                  : `${answered} of ${riskQuestions.length} answered`}
              </p>
            </div>
          </fieldset>
        </form>

        <aside className="space-y-6 lg:sticky lg:top-6 lg:self-start">
          <section
            aria-labelledby={`${formId}-result`}
            className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2
              id={`${formId}-result`}
              ref={resultHeading}
              tabIndex={-1}
              className="text-xl font-bold text-ink-950 outline-none"
            >
              {shown ? `Your profile: ${shown.profile.name}` : 'Your profile'}
            </h2>
            {shown && score !== null ? (
              <ProfileResult
                profile={shown.profile}
                score={score}
                answers={shown.answers}
                onForget={forget}
              />
            ) : (
              <p className="mt-3 text-slate-600">
                Answer the ten questions and choose “See my profile”. The five profiles, from the
                most cautious:
              </p>
            )}
            {!shown && (
              <ol className="mt-3 space-y-1 text-sm text-slate-700">
                {riskBands.map((band) => (
                  <li key={band}>
                    {riskProfiles[band].name}: {riskProfiles[band].allocation.stocks}% stocks
                  </li>
                ))}
              </ol>
            )}
          </section>
          <NotAdvice>
            The profile and the example mix are the same for everyone with the same score. They do
            not know your taxes, debts or goals; a licensed adviser can weigh those.
          </NotAdvice>
        </aside>
      </Container>
    </>
  );
}

function ProfileResult({
  profile,
  score,
  answers,
  onForget,
}: {
  profile: RiskProfile;
  score: number;
  answers: number[];
  onForget: () => void;
}) {
  const { stocks, bonds, cash } = profile.allocation;
  return (
    <div className="mt-3 space-y-4">
      <p className="text-sm text-slate-600">
        Score {score} of {maxRiskScore}
      </p>
      <p className="text-slate-700">{profile.summary}</p>
      <div>
        <h3 className="text-sm font-semibold text-ink-950">An example mix for learning</h3>
        <div className="mt-2 flex h-3 overflow-hidden rounded-full" aria-hidden="true">
          <span className="bg-ink-700" style={{ width: `${stocks}%` }} />
          <span className="bg-brand-500" style={{ width: `${bonds}%` }} />
          <span className="bg-slate-300" style={{ width: `${cash}%` }} />
        </div>
        <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
          <li>{stocks}% stocks (a fund of the 500 largest US companies)</li>
          <li>{bonds}% bonds (a fund of US investment-grade bonds)</li>
          <li>{cash}% cash (short Treasury bills)</li>
        </ul>
      </div>
      <Suspense fallback={<AllocationHistoryBox>{readingHistory}</AllocationHistoryBox>}>
        <AllocationHistory allocation={profile.allocation} />
      </Suspense>
      <SaveProfile answers={answers} />
      <div className="flex flex-col gap-2">
        <Link to={paths.calculator} className={buttonStyles({ variant: 'secondary' })}>
          Project growth in the calculator
        </Link>
        <Button variant="ghost" onClick={onForget}>
          Clear my answers from this browser
        </Button>
      </div>
    </div>
  );
}

type Saving =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; message: string };

/**
 * The one way the answers reach the server: a signed-in user's "Save to my account". A visitor
 * is told how to get there; their answers wait in this browser meanwhile.
 */
function SaveProfile({ answers }: { answers: number[] }) {
  const auth = usePublicAuth();
  const [saving, setSaving] = useState<Saving>({ state: 'idle' });
  const save = async () => {
    setSaving({ state: 'saving' });
    try {
      await saveRiskAnswers(answers);
      forgetAnswers();
      setSaving({ state: 'saved' });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The profile could not be saved.';
      setSaving({ state: 'failed', message });
    }
  };

  if (auth.status !== 'signed-in') {
    return (
      <div className="space-y-2 rounded-2xl bg-slate-50 p-4 text-sm text-slate-700">
        <p>
          Your answers are kept in this browser only. To keep this profile on an account, create a
          free account or sign in, then choose “Save to my account” here or in Settings.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={signupPath('free')} className={buttonStyles({ size: 'sm' })}>
            Create a free account
          </Link>
          <Link to={paths.login} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
            Sign in
          </Link>
        </div>
      </div>
    );
  }
  if (saving.state === 'saved') {
    return (
      <p role="status" className="rounded-2xl bg-brand-50 p-4 text-sm text-brand-900">
        Saved to your account.{' '}
        <Link to={settingsPath('profile')} className="font-semibold underline">
          See it in Settings
        </Link>
        .
      </p>
    );
  }
  return (
    <div className="space-y-2 rounded-2xl bg-slate-50 p-4 text-sm text-slate-700">
      <p>Your answers are in this browser only until you save them to your account.</p>
      <Button onClick={save} busy={saving.state === 'saving'} busyLabel="Saving...">
        Save to my account
      </Button>
      {saving.state === 'failed' && (
        <p role="alert" className="text-red-700">
          {saving.message}
        </p>
      )}
    </div>
  );
}

export { RiskAssessmentPage as Component };
