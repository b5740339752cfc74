#!/usr/bin/env node
// Lighthouse's accessibility audit (mobile preset) on the Learn screens of the production
// build, signed in: the catalogue with the Free plan's 3 courses taken and the rest locked, a
// locked course, a lesson with its quiz, a completed course with its certificate, the
// certificate's public page, an unknown certificate, and the public courses page. Prints each
// page's score and every audit it failed, with the elements named; exits with 1 below 100.
// Builds nothing: run `npm run build` first, then `npm run bench:learn-a11y`
// (`-- --plan pro`: the same screens on Pro, where nothing is locked).
import { randomBytes } from 'node:crypto';
import { certificatePath, coursePath, lessonPath, paths } from '@tickerwise/shared';
import { repositoryRoot } from '@tickerwise/testkit';
import { compileRepositoryContent } from '../../apps/server/src/modules/learn/content.ts';
import {
  accessibility,
  lighthouse,
  lighthouseVersion,
  startBuiltApp,
} from '../support/lighthouse.mjs';

function option(name, fallback) {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : process.argv[index + 1];
}
const plan = option('--plan', 'free');
const say = (line) => process.stdout.write(`${line}\n`);
const { courses } = compileRepositoryContent();
if (courses.length < 4) throw new Error('needs at least 4 courses in content/learn');

const server = await startBuiltApp(repositoryRoot);
try {
  const url = server.url;
  let cookie = '';
  async function call(method, path, body) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        origin: url,
        ...(cookie ? { cookie } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    if (!cookie) {
      cookie = response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
    }
    return text ? JSON.parse(text) : null;
  }

  await call('POST', '/api/auth/sign-up/email', {
    name: 'Ada Investor',
    email: `a11y-${randomBytes(5).toString('hex')}@example.com`,
    password: 'correct horse battery',
    plan: 'free',
  });
  if (plan === 'pro') {
    await call('POST', '/api/billing/checkout', {
      plan: 'pro',
      idempotencyKey: crypto.randomUUID(),
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
  }
  const [done, reading, third, locked] = courses;
  for (const course of [done, reading, third]) {
    await call('POST', `/api/learn/courses/${course.id}/start`, {});
  }
  // The first course completed (every quiz passed as the lesson page submits it), with its
  // certificate issued.
  for (const lesson of done.lessons) {
    const view = await call('GET', `/api/learn/lessons/${lesson.id}`);
    const answers = {};
    for (const shown of view.quiz.questions) {
      const question = lesson.quiz.find((q) => q.id === shown.id);
      answers[shown.id] =
        question.type === 'order'
          ? question.choices.map((choice) => shown.choices.indexOf(choice))
          : question.answer;
    }
    await call('POST', `/api/learn/lessons/${lesson.id}/attempts`, {
      attempt: view.quiz.attempt,
      answers,
    });
  }
  const { certificate } = await call('POST', `/api/learn/courses/${done.id}/certificate`, {
    displayName: 'Ada Investor',
  });

  const pages = [
    ['catalogue', paths.learn],
    [plan === 'free' ? 'locked course' : 'course', coursePath(locked.id)],
    ['lesson with its quiz', lessonPath(reading.id, reading.lessons[1].id)],
    ['completed course', coursePath(done.id)],
    ['certificate', certificatePath(certificate.id)],
    ['unknown certificate', certificatePath('00000000-0000-4000-8000-000000000000')],
    ['public courses page', paths.courses],
  ];
  say(`Lighthouse ${lighthouseVersion}, accessibility, mobile preset, signed in on ${plan}`);
  let below = 0;
  for (const [name, path] of pages) {
    const run = () =>
      lighthouse(`${url}${path}`, { categories: ['accessibility'], headers: { cookie } });
    // A run Chromium gave up on (a busy machine) is run again once.
    const report = await run().catch((error) => {
      say(`${name}: failed, running it again: ${String(error).split('\n')[0]}`);
      return run();
    });
    // A page that sent the browser elsewhere (the sign-in page) was not the one audited.
    const landed = new URL(report.finalDisplayedUrl).pathname;
    if (landed !== new URL(path, url).pathname) throw new Error(`${path} ended at ${landed}`);
    const { score, failures } = accessibility(report);
    if (score < 100) below += 1;
    say(`${name} (${path}): ${score}`);
    for (const failure of failures) {
      say(`  ${failure.id}: ${failure.title}`);
      for (const node of failure.nodes.slice(0, 5)) say(`    ${node}`);
    }
  }
  say(below ? `${below} of ${pages.length} pages below 100` : 'every page 100');
  process.exitCode = below ? 1 : 0;
} finally {
  await server.stop();
}
