import {
  entitlementsFor,
  type LearnTitles,
  learnLevelNames,
  learnLevels,
  paths,
} from '@tickerwise/shared';
import { Container } from '../../components/container.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { buttonStyles } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { CenteredSpinner } from '../../components/ui/spinner.tsx';
import { Link } from '../../lib/navigation.tsx';
import { signupPath } from '../../lib/signup-path.ts';
import { useSitePage } from '../../lib/site-pages.ts';
import { usePublicRead } from '../../lib/use-public-read.ts';

const freeCourses = entitlementsFor('free').courses;

/**
 * `/features/courses`: what the courses teach, with the catalogue's own titles. The page is
 * prerendered; the catalogue comes from the server once the app runs.
 */
export function CoursesPage() {
  useSitePage(paths.courses);
  // A public read, not TanStack Query: the public pages do not load it (ADR 62, ADR 77).
  const { read, retry } = usePublicRead<LearnTitles>('/api/learn/titles');
  const data = read.state === 'ready' ? read.data : undefined;
  return (
    <>
      <PageHeader
        eyebrow="Learning courses"
        title="Learn investing by doing it"
        lead="Short lessons with worked examples, a quiz with every answer explained, and a “Try it” step that opens the real tool on real prices."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={signupPath('free')} className={buttonStyles({ size: 'lg' })}>
            Start learning free
          </Link>
          <Link to={paths.pricing} className={buttonStyles({ variant: 'on-dark', size: 'lg' })}>
            See the plans
          </Link>
        </div>
        <p className="mt-4 text-sm text-ink-200">
          The Free plan opens {freeCourses} courses of your choice; Pro and up open every course.
        </p>
      </PageHeader>
      <Container className="space-y-10 py-16 sm:py-20">
        {!data ? (
          read.state === 'failed' ? (
            <ErrorState title="Failed to load the courses" onRetry={retry}>
              {read.message}
            </ErrorState>
          ) : (
            // The prerendered page paints this; a screen's height keeps the footer out of view
            // until the catalogue arrives, so it does not jump.
            <CenteredSpinner
              label="Loading the courses"
              className="min-h-dvh content-start pt-12"
            />
          )
        ) : (
          learnLevels.map((level) => {
            const courses = data.courses.filter((course) => course.level === level);
            if (courses.length === 0) return null;
            return (
              <section key={level} aria-labelledby={`courses-${level}`}>
                <h2
                  id={`courses-${level}`}
                  className="text-2xl font-bold tracking-tight text-ink-950"
                >
                  {learnLevelNames[level]}
                </h2>
                <ul className="mt-4 grid gap-6 md:grid-cols-2">
                  {courses.map((course) => (
                    <li
                      key={course.id}
                      className="rounded-3xl border border-slate-200 bg-white p-6 shadow-sm"
                    >
                      <h3 className="text-lg font-semibold text-ink-950">{course.title}</h3>
                      <p className="mt-2 text-slate-600">{course.summary}</p>
                      <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm text-slate-600">
                        {course.lessons.map((lesson) => (
                          <li key={lesson}>{lesson}</li>
                        ))}
                      </ol>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })
        )}
      </Container>
    </>
  );
}

export { CoursesPage as Component };
