import { paths } from '@tickerwise/shared';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { useSitePage } from '../../lib/site-pages.ts';
import { AllocationHistory } from './allocation-history.tsx';
import { NotAdvice } from './not-advice.tsx';
import {
  maxRiskScore,
  profileFor,
  type RiskProfile,
  riskBands,
  riskProfiles,
  riskQuestions,
  riskScore,
} from './risk-profile.ts';

/**
 * `/tools/risk-assessment`: ten questions and a profile. The answers never leave the browser:
 * nothing here calls the server with them.
 */
export function RiskAssessmentPage() {
  useSitePage(paths.riskAssessment);
  const [answers, setAnswers] = useState<(number | undefined)[]>(() =>
    riskQuestions.map(() => undefined),
  );
  const [shown, setShown] = useState<RiskProfile | null>(null);
  const [missing, setMissing] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const formId = useId();
  const score = riskScore(answers);
  const answered = answers.filter((answer) => answer !== undefined).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (score === null) {
      setMissing(true);
      const first = answers.indexOf(undefined);
      document.getElementById(`${formId}-q${first}-0`)?.focus();
      return;
    }
    setMissing(false);
    setShown(profileFor(score));
    requestAnimationFrame(() => resultHeading.current?.focus());
  };

  return (
    <>
      <PageHeader
        eyebrow="Free tool"
        title="Risk Assessment"
        lead="Ten questions about your time horizon, how you take losses, your experience and your safety net. Your answers stay in this browser: nothing is sent to us."
      />
      <Container className="grid gap-10 py-12 sm:py-16 lg:grid-cols-[1fr_22rem]">
        <form onSubmit={submit} noValidate className="space-y-6">
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
              {shown ? `Your profile: ${shown.name}` : 'Your profile'}
            </h2>
            {shown && score !== null ? (
              <ProfileResult profile={shown} score={score} />
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

function ProfileResult({ profile, score }: { profile: RiskProfile; score: number }) {
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
      <AllocationHistory allocation={profile.allocation} />
      <div className="flex flex-col gap-2">
        <Link to={paths.calculator} className={buttonStyles({ variant: 'secondary' })}>
          Project growth in the calculator
        </Link>
        <Link to={paths.signup} className={buttonStyles()}>
          Practise with a free account
        </Link>
      </div>
    </div>
  );
}

export { RiskAssessmentPage as Component };
