// 1,000 Free users each open 10 lessons and submit 10 quizzes over HTTP against the production
// build of the server, 16 users at a time: each starts the first courses (up to the plan's 3),
// then reads their lessons in turn and answers each quiz (the right answer, from the same
// compiled content the server loaded, for every question but the order ones).
// Run: npm run bench:learn   Targets: p99 of a lesson < 20 ms, of a quiz submission < 30 ms.
// BENCH_USERS sets the users (1,000), BENCH_CONCURRENCY the users at a time (16); `--json`
// prints the figures.
import type { LessonView, QuizSubmission } from '@tickerwise/shared';
import { compileRepositoryContent } from '../../apps/server/src/modules/learn/content.ts';
import { percentile, signUpAccounts, startBenchApp } from '../support/bench-app.ts';
import { emitFigures, say } from '../support/figures.ts';

const users = Number(process.env.BENCH_USERS ?? 1000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
const perUser = 10;

const content = compileRepositoryContent();
const opened = content.courses.slice(0, 3);
const lessons = opened.flatMap((course) => course.lessons);
if (lessons.length === 0) {
  say('bench:learn needs courses in content/learn');
  process.exit(1);
}
const questionsOf = new Map(lessons.map((lesson) => [lesson.id, lesson.quiz]));

function answersFor(view: LessonView): QuizSubmission {
  const answers: QuizSubmission['answers'] = {};
  for (const question of questionsOf.get(view.id) ?? []) {
    if (question.type !== 'order') answers[question.id] = question.answer;
  }
  return { attempt: view.quiz!.attempt, answers };
}

const app = await startBenchApp();
try {
  say(`learn: ${content.courses.length} courses; ${users} users, ${concurrency} at a time`);
  const signUpStarted = performance.now();
  const cookies = await signUpAccounts(app.url, users);
  say(`signed up ${users} users in ${((performance.now() - signUpStarted) / 1000).toFixed(1)} s`);

  const lessonTimes: number[] = [];
  const quizTimes: number[] = [];
  async function timed<T>(into: number[], call: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await call();
    into.push(performance.now() - started);
    return result;
  }
  async function request(cookie: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: {
        cookie,
        origin: app.url,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as unknown;
  }

  let next = 0;
  async function worker() {
    while (next < users) {
      const cookie = cookies[next++]!;
      for (const course of opened) {
        await request(cookie, 'POST', `/api/learn/courses/${course.id}/start`, {});
      }
      for (let n = 0; n < perUser; n++) {
        const lesson = lessons[n % lessons.length]!;
        const view = (await timed(lessonTimes, () =>
          request(cookie, 'GET', `/api/learn/lessons/${lesson.id}`),
        )) as LessonView;
        await timed(quizTimes, () =>
          request(cookie, 'POST', `/api/learn/lessons/${lesson.id}/attempts`, answersFor(view)),
        );
      }
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;

  lessonTimes.sort((a, b) => a - b);
  quizTimes.sort((a, b) => a - b);
  const lessonP99 = percentile(lessonTimes, 0.99);
  const quizP99 = percentile(quizTimes, 0.99);
  say(
    `lessons: ${lessonTimes.length} in ${seconds.toFixed(1)} s; p50 ${percentile(lessonTimes, 0.5).toFixed(1)} ms, p99 ${lessonP99.toFixed(1)} ms (target < 20 ms)`,
  );
  say(
    `quiz submissions: ${quizTimes.length}; p50 ${percentile(quizTimes, 0.5).toFixed(1)} ms, p99 ${quizP99.toFixed(1)} ms (target < 30 ms)`,
  );
  emitFigures('learn', [
    { name: 'lesson p99', value: lessonP99, unit: 'ms', better: 'lower', gate: 'p99' },
    { name: 'quiz submission p99', value: quizP99, unit: 'ms', better: 'lower', gate: 'p99' },
  ]);
  if (lessonP99 >= 20 || quizP99 >= 30) process.exitCode = 1;
} finally {
  await app.stop();
}
