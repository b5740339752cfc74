import { useQuery, useQueryClient } from '@tanstack/react-query';
import { coursePath, type LessonView, lessonPath, type QuizResult } from '@tickerwise/shared';
import { ArrowRight, Lock, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { Button, buttonStyles } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { lessonQuery, useStartCourse, useSubmitQuiz } from './api.ts';
import { LessonBody } from './components/lesson-body.tsx';
import { Quiz } from './components/quiz.tsx';
import { UpgradeLink } from './components/upgrade-link.tsx';

/** A lesson: its text, the "Try it" step on the real tool, and the quiz. */
export function LessonPage() {
  const { courseId = '', lessonId = '' } = useParams();
  const { data, isError, error, isFetching, refetch } = useQuery(lessonQuery(lessonId));
  usePageTitle(data?.title ?? 'Lesson');

  if (!data) {
    if (isError && error instanceof ApiRequestError && error.status === 402) {
      return (
        <div className="mx-auto max-w-3xl space-y-4">
          <BackLink to={coursePath(courseId)}>Back to the course</BackLink>
          <LockNote message={error.message} />
        </div>
      );
    }
    if (isError && error instanceof ApiRequestError && error.status === 404) {
      return <ErrorState title="This lesson does not exist" />;
    }
    return isError ? (
      <ErrorState
        title="Failed to load the lesson"
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    ) : (
      <CenteredSpinner label="Loading the lesson" className="py-24" />
    );
  }
  return <Lesson key={`${data.id}:${data.quiz?.attempt ?? 0}`} lesson={data} />;
}

function LockNote({ message }: { message: string }) {
  return (
    <Card
      size="md"
      className="flex flex-col gap-3 border-brand-200 bg-brand-50/60 sm:flex-row sm:items-center"
    >
      <Lock aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
      <p className="flex-1 text-sm text-slate-700">{message}</p>
      <UpgradeLink />
    </Card>
  );
}

function Lesson({ lesson }: { lesson: LessonView }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const start = useStartCourse();
  const submit = useSubmitQuiz(lesson.id);
  const [result, setResult] = useState<QuizResult | null>(null);
  const next = lesson.nextLessonId;

  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <BackLink to={coursePath(lesson.courseId)}>{lesson.courseTitle}</BackLink>
      <header>
        <p className="text-sm font-medium text-brand-800">
          Lesson {lesson.index + 1} of {lesson.lessonCount}
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">
          {lesson.title}
        </h1>
        <p className="mt-2 text-sm text-slate-500">
          {lesson.minutes} min read · Last reviewed{' '}
          <time dateTime={lesson.lastReviewed}>{reviewedText(lesson.lastReviewed)}</time>
          {lesson.completedAt && ' · Completed'}
        </p>
      </header>

      {lesson.access === 'preview' &&
        (lesson.lock ? (
          <LockNote message={`${lesson.lock.message} This first lesson is open as a preview.`} />
        ) : (
          <Card size="md" className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <p className="flex-1 text-sm text-slate-700">
              You are reading a preview. Start the course to take the quiz and keep your progress.
            </p>
            <Button
              size="sm"
              onClick={() => start.mutate(lesson.courseId)}
              disabled={start.isPending}
            >
              Start this course
            </Button>
            {start.isError && (
              <p role="alert" className="text-sm text-red-700">
                {start.error.message}
              </p>
            )}
          </Card>
        ))}

      <section
        aria-label="What you will learn"
        className="rounded-2xl border border-slate-200 bg-white p-4"
      >
        <p className="text-sm font-semibold text-ink-950">In this lesson</p>
        <ul className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {lesson.objectives.map((objective) => (
            <li key={objective}>{objective}</li>
          ))}
        </ul>
      </section>

      <LessonBody html={lesson.html} />

      <Card size="md" className="flex flex-col gap-3 border-brand-200 sm:flex-row sm:items-center">
        <div className="flex flex-1 items-start gap-3">
          <PlayCircle aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
          <div>
            <p className="text-sm font-semibold text-ink-950">Try it</p>
            <p className="text-sm text-slate-700">{lesson.tryIt.label}</p>
          </div>
        </div>
        <Link to={lesson.tryIt.href} className={buttonStyles({ variant: 'secondary', size: 'sm' })}>
          Open it <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </Card>

      {lesson.quiz && (
        <Quiz
          attempt={lesson.quiz.attempt}
          questions={lesson.quiz.questions}
          submitting={submit.isPending}
          error={submit.isError ? submit.error.message : null}
          result={result}
          onSubmit={(submission) => submit.mutate(submission, { onSuccess: setResult })}
          onRetry={() => client.invalidateQueries({ queryKey: lessonQuery(lesson.id).queryKey })}
          nextLesson={
            next ? { href: lessonPath(lesson.courseId, next), title: 'the next lesson' } : null
          }
          onNext={() => next && navigate(lessonPath(lesson.courseId, next))}
        />
      )}

      <nav aria-label="Lessons" className="flex flex-wrap justify-between gap-3 text-sm">
        {lesson.previousLessonId ? (
          <Link
            to={lessonPath(lesson.courseId, lesson.previousLessonId)}
            className="font-medium text-brand-800 underline"
          >
            Previous lesson
          </Link>
        ) : (
          <span />
        )}
        {next && lesson.access === 'full' && (
          <Link
            to={lessonPath(lesson.courseId, next)}
            className="font-medium text-brand-800 underline"
          >
            Next lesson
          </Link>
        )}
      </nav>

      {lesson.disclaimer && (
        <p className="border-t border-slate-200 pt-4 text-xs leading-5 text-slate-600">
          {lesson.disclaimer}
        </p>
      )}
    </article>
  );
}

function reviewedText(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

export { LessonPage as Component };
