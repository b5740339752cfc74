import { useQuery } from '@tanstack/react-query';
import { lessonPath, paths } from '@tickerwise/shared';
import { CheckCircle2, Circle, Clock, Lock } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../components/back-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { ApiRequestError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { courseQuery, useStartCourse } from './api.ts';
import { CertificatePanel } from './components/certificate-panel.tsx';
import { LessonBody } from './components/lesson-body.tsx';
import { ProgressBar } from './components/progress-bar.tsx';
import { UpgradeLink } from './components/upgrade-link.tsx';

/** A course: what it teaches, its lessons with the user's progress, and how to start it. */
export function CoursePage() {
  const { courseId = '' } = useParams();
  const { data, isError, error, isFetching, refetch } = useQuery(courseQuery(courseId));
  const start = useStartCourse();
  usePageTitle(data?.title ?? 'Course');

  if (!data) {
    if (isError && error instanceof ApiRequestError && error.status === 404) {
      return <ErrorState title="This course does not exist">It may have been renamed.</ErrorState>;
    }
    return isError ? (
      <ErrorState
        title="Failed to load the course"
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    ) : (
      <CenteredSpinner label="Loading the course" className="py-24" />
    );
  }
  const canStart = !data.startedAt && !data.lock;
  const next = data.nextLessonId ?? data.firstLessonId;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackLink to={paths.learn}>All courses</BackLink>
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">{data.title}</h1>
        <p className="mt-2 text-slate-600">{data.summary}</p>
        <p className="mt-2 flex items-center gap-3 text-sm text-slate-500">
          <span className="inline-flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" /> {data.minutes} min
          </span>
          <span>
            {data.lessonCount} {data.lessonCount === 1 ? 'lesson' : 'lessons'}
          </span>
        </p>
      </header>

      {data.lock ? (
        <Card
          size="md"
          className="flex flex-col gap-3 border-brand-200 bg-brand-50/60 sm:flex-row sm:items-center"
        >
          <Lock aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          <p className="flex-1 text-sm text-slate-700">
            {data.lock.message} You can read the first lesson as a preview.
          </p>
          <UpgradeLink />
        </Card>
      ) : data.startedAt ? (
        <div className="space-y-2">
          <ProgressBar
            done={data.lessonsCompleted}
            total={data.lessonCount}
            label="Course progress"
          />
          <p className="text-sm text-slate-600">
            {data.completedAt
              ? 'You completed this course.'
              : `${data.lessonsCompleted} of ${data.lessonCount} lessons completed.`}
          </p>
          {data.nextLessonId && (
            <Link
              to={lessonPath(data.id, next)}
              className="inline-block font-semibold text-brand-800 underline"
            >
              {data.lessonsCompleted === 0
                ? 'Begin the first lesson'
                : 'Continue where you left off'}
            </Link>
          )}
        </div>
      ) : null}

      {data.completedAt && (
        <CertificatePanel
          courseId={data.id}
          courseTitle={data.title}
          certificate={data.certificate}
        />
      )}

      {canStart && (
        <Card size="md" className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm text-slate-700">
            Starting a course opens its lessons and quizzes. On the Free plan, each course you start
            counts as one of your 3.
          </p>
          <Button size="sm" onClick={() => start.mutate(data.id)} disabled={start.isPending}>
            Start this course
          </Button>
          {start.isError && (
            <p role="alert" className="text-sm text-red-700">
              {start.error.message}
            </p>
          )}
        </Card>
      )}

      <section aria-labelledby="objectives">
        <h2 id="objectives" className="text-lg font-semibold text-ink-950">
          What you will learn
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
          {data.objectives.map((objective) => (
            <li key={objective}>{objective}</li>
          ))}
        </ul>
        <LessonBody html={data.introHtml} className="mt-2" />
      </section>

      <section aria-labelledby="lessons">
        <h2 id="lessons" className="text-lg font-semibold text-ink-950">
          Lessons
        </h2>
        <ol className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {data.lessons.map((lesson, index) => {
            const open = !data.lock || index === 0;
            return (
              <li key={lesson.id} className="flex items-center gap-3 p-4">
                {lesson.completedAt ? (
                  <CheckCircle2 aria-label="Completed" className="size-5 shrink-0 text-brand-700" />
                ) : open ? (
                  <Circle aria-hidden="true" className="size-5 shrink-0 text-slate-300" />
                ) : (
                  <Lock aria-label="Locked" className="size-5 shrink-0 text-slate-400" />
                )}
                <div className="min-w-0 flex-1">
                  {open ? (
                    <Link
                      to={lessonPath(data.id, lesson.id)}
                      className="font-medium text-ink-950 hover:underline"
                    >
                      {index + 1}. {lesson.title}
                    </Link>
                  ) : (
                    <span className="font-medium text-slate-500">
                      {index + 1}. {lesson.title}
                    </span>
                  )}
                  <p className="text-xs text-slate-500">
                    {lesson.minutes} min
                    {lesson.bestPercent !== null && ` · best quiz score ${lesson.bestPercent}%`}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      </section>

      <p className="border-t border-slate-200 pt-4 text-xs leading-5 text-slate-600">
        {data.disclaimer}
      </p>
    </div>
  );
}

export { CoursePage as Component };
