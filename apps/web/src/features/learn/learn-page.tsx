import { useQuery } from '@tanstack/react-query';
import { type CourseSummary, coursePath } from '@tickerwise/shared';
import { CheckCircle2, Clock, GraduationCap, Lock } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { catalogueQuery } from './api.ts';
import { ProgressBar } from './components/progress-bar.tsx';
import { UpgradeLink } from './components/upgrade-link.tsx';

/** docs/PRODUCT.md §3.24: the courses by level, with the user's progress and the plan's locks. */
export function LearnPage() {
  usePageTitle('Learn');
  const { data, isError, isFetching, refetch } = useQuery(catalogueQuery);
  const [params] = useSearchParams();

  if (!data) {
    return isError ? (
      <ErrorState
        title="Failed to load the courses"
        onRetry={() => refetch()}
        retrying={isFetching}
      />
    ) : (
      <CenteredSpinner label="Loading the courses" className="py-24" />
    );
  }
  const { allowance } = data;
  const courses = data.levels.flatMap((group) => group.courses);
  // Getting started's "Learn the Basics" opens the first course.
  if (params.get('open') === 'first' && courses[0]) {
    return <Navigate to={coursePath(courses[0].id)} replace />;
  }

  return (
    <div className="space-y-8">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink-950 sm:text-3xl">Learn</h1>
          <p className="mt-1 max-w-2xl text-slate-600">
            Short lessons that teach investing with the tools you already have here, each ending
            with a quiz and a step to try on real prices.
          </p>
        </div>
        {allowance.limit !== null && (
          <Card size="sm" className="lg:max-w-sm">
            <p className="text-sm font-semibold text-ink-950">
              {allowance.taken.length} of {allowance.limit} free courses started
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {allowance.remaining === 0
                ? 'Your Free plan’s courses are all taken. Pro opens every course.'
                : `A course counts once you start it. ${allowance.remaining} left to choose.`}
            </p>
            {allowance.taken.length > 0 && (
              <p className="mt-2 text-xs text-slate-500">
                Taken:{' '}
                {courses
                  .filter((course) => allowance.taken.includes(course.id))
                  .map((course) => course.title)
                  .join(', ')}
              </p>
            )}
            {allowance.remaining === 0 && <UpgradeLink className="mt-3" />}
          </Card>
        )}
      </header>

      {data.levels.length === 0 ? (
        <EmptyState
          icon={GraduationCap}
          title="No courses yet"
          description="The first courses are on their way."
        />
      ) : (
        data.levels.map((group) => (
          <section key={group.level} aria-labelledby={`level-${group.level}`}>
            <h2 id={`level-${group.level}`} className="text-lg font-semibold text-ink-950">
              {group.name}
            </h2>
            <ul className="mt-3 grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {group.courses.map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} />
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}

function CourseCard({ course }: { course: CourseSummary }) {
  return (
    <Card as="article" size="md" className="relative flex h-full flex-col">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-base font-semibold text-ink-950">
          <Link
            to={coursePath(course.id)}
            className="after:absolute after:inset-0 hover:underline focus-visible:outline-2"
          >
            {course.title}
          </Link>
        </h3>
        {course.completedAt ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
            <CheckCircle2 aria-hidden="true" className="size-3.5" /> Completed
          </span>
        ) : course.lock ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
            <Lock aria-hidden="true" className="size-3.5" /> Locked
          </span>
        ) : null}
      </div>
      <p className="mt-2 flex-1 text-sm text-slate-600">{course.summary}</p>
      <p className="mt-3 flex items-center gap-3 text-xs text-slate-500">
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-3.5" /> {course.minutes} min
        </span>
        <span>
          {course.lessonCount} {course.lessonCount === 1 ? 'lesson' : 'lessons'}
        </span>
      </p>
      {course.startedAt && (
        <div className="mt-3 space-y-1">
          <ProgressBar
            done={course.lessonsCompleted}
            total={course.lessonCount}
            label={`${course.title} progress`}
          />
          <p className="text-xs text-slate-500">
            {course.lessonsCompleted} of {course.lessonCount} lessons completed
          </p>
        </div>
      )}
      {course.lock && <p className="mt-3 text-xs text-slate-600">{course.lock.message}</p>}
    </Card>
  );
}

export { LearnPage as Component };
