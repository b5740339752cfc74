import type { QuizQuestionView, QuizResult, QuizSubmission } from '@tickerwise/shared';
import { ArrowDown, ArrowUp, CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';

type Answer = number | number[] | undefined;

export interface QuizProps {
  attempt: number;
  questions: QuizQuestionView[];
  onSubmit(submission: QuizSubmission): void;
  submitting: boolean;
  error: string | null;
  result: QuizResult | null;
  onRetry(): void;
  nextLesson: { href: string; title: string } | null;
  onNext(): void;
}

/**
 * A lesson's quiz: every kind of question works from the keyboard (radios, checkboxes, a number
 * field, and steps moved with Up/Down buttons); the result takes the focus when it arrives.
 */
export function Quiz(props: QuizProps) {
  const { questions, result } = props;
  const [answers, setAnswers] = useState<Record<string, Answer>>(() => initialAnswers(questions));
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);
  const set = (id: string, answer: Answer) => setAnswers((now) => ({ ...now, [id]: answer }));
  const missing = questions.filter((question) => answers[question.id] === undefined).length;

  return (
    <section
      aria-labelledby="quiz-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="quiz-heading" className="text-xl font-semibold text-ink-950">
        Check what you learned
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {questions.length} questions · 80% or more completes the lesson · attempt {props.attempt}
      </p>
      <form
        className="mt-4 space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          const submitted: QuizSubmission['answers'] = {};
          for (const [id, answer] of Object.entries(answers)) {
            if (answer !== undefined) submitted[id] = answer;
          }
          props.onSubmit({ attempt: props.attempt, answers: submitted });
        }}
      >
        {questions.map((question, index) => (
          <Question
            key={question.id}
            number={index + 1}
            question={question}
            answer={answers[question.id]}
            onChange={(answer) => set(question.id, answer)}
            disabled={result !== null}
            outcome={result?.results.find((entry) => entry.id === question.id) ?? null}
          />
        ))}
        {!result && (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={props.submitting}>
              {props.submitting ? 'Checking…' : 'Check my answers'}
            </Button>
            {missing > 0 && (
              <span className="text-sm text-slate-500">
                {missing} unanswered (counted as wrong)
              </span>
            )}
          </div>
        )}
        {props.error && (
          <p role="alert" className="text-sm text-red-700">
            {props.error}
          </p>
        )}
      </form>
      {result && (
        <div
          ref={resultRef}
          tabIndex={-1}
          aria-live="polite"
          className={`mt-6 rounded-xl p-4 focus-visible:outline-2 focus-visible:outline-brand-600 ${result.passed ? 'bg-brand-50' : 'bg-amber-50'}`}
        >
          <h3 className="text-lg font-semibold text-ink-950">
            {result.correct} of {result.total} right ({result.percent}%)
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            {result.passed
              ? result.courseCompleted
                ? 'Lesson complete, and with it the whole course. Well done.'
                : 'Lesson complete. Each answer is explained above.'
              : 'Not yet: 80% completes the lesson. Read the explanations above and try again; your attempts are kept.'}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            {!result.passed && (
              <Button size="sm" variant="secondary" onClick={props.onRetry}>
                Try again
              </Button>
            )}
            {result.passed && props.nextLesson && (
              <Button size="sm" onClick={props.onNext}>
                Next: {props.nextLesson.title}
              </Button>
            )}
            {result.passed && (
              <Button size="sm" variant="secondary" onClick={props.onRetry}>
                Take it again
              </Button>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function initialAnswers(questions: QuizQuestionView[]): Record<string, Answer> {
  const answers: Record<string, Answer> = {};
  for (const question of questions) {
    // An order question starts as shown; the user moves the steps.
    if (question.type === 'order') answers[question.id] = question.choices!.map((_, i) => i);
  }
  return answers;
}

interface QuestionProps {
  number: number;
  question: QuizQuestionView;
  answer: Answer;
  onChange(answer: Answer): void;
  disabled: boolean;
  outcome: QuizResult['results'][number] | null;
}

function Question({ number, question, answer, onChange, disabled, outcome }: QuestionProps) {
  const id = useId();
  const legend = (
    <legend className="text-base font-semibold text-ink-950">
      {number}. {question.prompt}
      {question.type === 'multiple' && (
        <span className="ml-1 text-sm font-normal text-slate-500">(choose all that apply)</span>
      )}
    </legend>
  );
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      {legend}
      {question.type === 'single' &&
        question.choices!.map((choice, index) => (
          <label
            key={choice}
            className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60"
          >
            <input
              type="radio"
              name={`${id}-choice`}
              className="mt-1 size-4 shrink-0 accent-brand-700"
              checked={answer === index}
              onChange={() => onChange(index)}
            />
            <span>{choice}</span>
          </label>
        ))}
      {question.type === 'multiple' &&
        question.choices!.map((choice, index) => {
          const chosen = Array.isArray(answer) ? answer : [];
          return (
            <label
              key={choice}
              className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60"
            >
              <input
                type="checkbox"
                className="mt-1 size-4 shrink-0 accent-brand-700"
                checked={chosen.includes(index)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, index].sort((a, b) => a - b)
                      : chosen.filter((value) => value !== index),
                  )
                }
              />
              <span>{choice}</span>
            </label>
          );
        })}
      {question.type === 'numeric' && (
        <div>
          <label htmlFor={`${id}-number`} className="sr-only">
            Your answer to question {number}
          </label>
          <input
            id={`${id}-number`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={`${inputStyles(false)} max-w-48`}
            placeholder="A number"
            onChange={(event) => {
              const text = event.target.value.replace(/[,$%\s]/g, '');
              const value = Number(text);
              onChange(text === '' || !Number.isFinite(value) ? undefined : (value as number));
            }}
          />
        </div>
      )}
      {question.type === 'order' && (
        <OrderSteps
          choices={question.choices!}
          order={Array.isArray(answer) ? answer : []}
          onChange={onChange}
        />
      )}
      {outcome && (
        <div
          className={`flex gap-2 rounded-lg p-3 text-sm ${outcome.correct ? 'bg-brand-50 text-ink-950' : 'bg-red-50 text-ink-950'}`}
        >
          {outcome.correct ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
          ) : (
            <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
          )}
          <p>
            <strong>{outcome.correct ? 'Right.' : 'Not quite.'}</strong>{' '}
            {!outcome.correct && <>The answer: {outcome.correctAnswer}. </>}
            {outcome.explanation}
          </p>
        </div>
      )}
    </fieldset>
  );
}

function OrderSteps({
  choices,
  order,
  onChange,
}: {
  choices: string[];
  order: number[];
  onChange(order: number[]): void;
}) {
  const move = (from: number, to: number) => {
    const next = [...order];
    const [step] = next.splice(from, 1);
    next.splice(to, 0, step!);
    onChange(next);
  };
  return (
    <ol className="space-y-2">
      {order.map((choice, place) => (
        <li
          key={choice}
          className="flex items-center gap-2 rounded-lg border border-slate-200 p-2 pl-3"
        >
          <span className="w-6 text-sm font-semibold text-slate-500">{place + 1}.</span>
          <span className="flex-1">{choices[choice]}</span>
          <button
            type="button"
            className="grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40"
            aria-label={`Move “${choices[choice]}” up`}
            disabled={place === 0}
            onClick={() => move(place, place - 1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </button>
          <button
            type="button"
            className="grid size-9 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-40"
            aria-label={`Move “${choices[choice]}” down`}
            disabled={place === order.length - 1}
            onClick={() => move(place, place + 1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ol>
  );
}
