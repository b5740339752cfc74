import { z } from 'zod';
import { type LearnLevel, learnLevels } from './learn-levels.ts';
import { paths, stockPath } from './routes.ts';

/** The symbols a lesson's "Try it" step may name: ones every market-data source carries. */
export const tryItSymbols = ['AAPL', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'SPY'] as const;
export const tryItKinds = ['analysis', 'alert', 'practice-trade', 'compare'] as const;
export type TryItKind = (typeof tryItKinds)[number];

/** A lesson passes at this share of its questions right, or more. */
export const lessonPassPercent = 80;

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'an id is lowercase words joined by hyphens');

const tryItSchema = z.strictObject({
  kind: z.enum(tryItKinds),
  symbol: z.enum(tryItSymbols),
  label: z.string().trim().min(1).max(120),
  compareWith: z.enum(tryItSymbols).optional(),
});
export type TryIt = z.infer<typeof tryItSchema>;

const questionBase = {
  id: slug,
  prompt: z.string().trim().min(1),
  explanation: z.string().trim().min(1),
};
const choices = z.array(z.string().trim().min(1)).min(2).max(8);

/** One quiz question as written in a lesson's front matter. */
export const quizQuestionSourceSchema = z.discriminatedUnion('type', [
  z.strictObject({ ...questionBase, type: z.literal('single'), choices, answer: z.int().min(0) }),
  z.strictObject({
    ...questionBase,
    type: z.literal('multiple'),
    choices,
    answer: z.array(z.int().min(0)).min(1),
  }),
  z.strictObject({
    ...questionBase,
    type: z.literal('numeric'),
    answer: z.number(),
    tolerance: z.number().min(0).default(0),
  }),
  // Choices are written in the right order and shown shuffled.
  z.strictObject({ ...questionBase, type: z.literal('order'), choices }),
]);
export type QuizQuestionSource = z.infer<typeof quizQuestionSourceSchema>;

const isoDate = z.union([z.string(), z.date()]).transform((value, context) => {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(Date.parse(text))) {
    context.addIssue({ code: 'custom', message: 'a date is written YYYY-MM-DD' });
    return z.NEVER;
  }
  return text;
});

/** A course's `course.md` front matter. */
export const courseFrontMatterSchema = z.strictObject({
  id: slug,
  title: z.string().trim().min(1).max(120),
  level: z.enum(learnLevels),
  order: z.number(),
  summary: z.string().trim().min(1).max(300),
  objectives: z.array(z.string().trim().min(1)).min(1),
});

/** A lesson's front matter. */
export const lessonFrontMatterSchema = z.strictObject({
  id: slug,
  title: z.string().trim().min(1).max(120),
  minutes: z.number().int().min(1).max(60),
  objectives: z.array(z.string().trim().min(1)).min(1),
  lastReviewed: isoDate,
  tryIt: tryItSchema,
  quiz: z
    .array(quizQuestionSourceSchema, { error: 'a lesson ends with a quiz' })
    .min(3, 'a quiz has 3 to 6 questions')
    .max(6, 'a quiz has 3 to 6 questions'),
});

/**
 * Where a "Try it" step opens the real tool: the AI analysis of the symbol, an alert on it,
 * a trade in the practice portfolio, or the symbol's chart against another over a year.
 */
export function tryItHref(tryIt: TryIt): string {
  const symbol = encodeURIComponent(tryIt.symbol);
  switch (tryIt.kind) {
    case 'analysis':
      return `${stockPath(tryIt.symbol)}#analysis`;
    case 'alert':
      return `${paths.alerts}?symbol=${symbol}`;
    // The practice portfolio (created on first use) with its add-transaction form open.
    case 'practice-trade':
      return `${paths.portfolio}?portfolio=practice&symbol=${symbol}`;
    case 'compare':
      return `${stockPath(tryIt.symbol)}?compare=${encodeURIComponent(tryIt.compareWith ?? 'SPY')}&range=1Y`;
  }
}

export interface LessonHeading {
  id: string;
  text: string;
  depth: 2 | 3;
}

/** A question as the compiled content keeps it (answers included: the server's only). */
export type CompiledQuestion = QuizQuestionSource;

export interface CompiledLesson {
  id: string;
  courseId: string;
  /** 0-based place in its course. */
  index: number;
  title: string;
  minutes: number;
  objectives: string[];
  lastReviewed: string;
  tryIt: TryIt & { href: string };
  /** The body rendered to HTML with no HTML of the author's passed through. */
  html: string;
  headings: LessonHeading[];
  words: number;
  quiz: CompiledQuestion[];
}

export interface CompiledCourse {
  id: string;
  title: string;
  level: LearnLevel;
  order: number;
  summary: string;
  objectives: string[];
  introHtml: string;
  minutes: number;
  lessons: CompiledLesson[];
}

/** What the content compiler writes and the server loads once at start. */
export interface CompiledLearnContent {
  version: 1;
  courses: CompiledCourse[];
}

// ---- The API ----

/** Why a course is closed to the user. */
export type CourseLock =
  | { reason: 'course_limit'; message: string; limit: number }
  | { reason: 'downgraded'; message: string; limit: number };

export interface CourseSummary {
  id: string;
  title: string;
  level: LearnLevel;
  summary: string;
  minutes: number;
  lessonCount: number;
  lessonsCompleted: number;
  firstLessonId: string;
  /** The lesson to continue with: the first not completed. Null when all are. */
  nextLessonId: string | null;
  startedAt: string | null;
  completedAt: string | null;
  lock: CourseLock | null;
  certificateId: string | null;
}

/** `GET /api/learn/courses`. */
export interface LearnCatalogue {
  levels: { level: LearnLevel; name: string; courses: CourseSummary[] }[];
  /** Courses the plan opens (null: all), and those the user started, newest first. */
  allowance: { limit: number | null; taken: string[]; remaining: number | null };
}

export interface CourseDetail extends CourseSummary {
  objectives: string[];
  introHtml: string;
  lessons: {
    id: string;
    title: string;
    minutes: number;
    completedAt: string | null;
    bestPercent: number | null;
  }[];
  disclaimer: string;
  /** The user's certificate of this course, revoked ones included; null when none was issued. */
  certificate: CourseCertificate | null;
}

/** A certificate as its owner sees it on the course page. */
export interface CourseCertificate {
  id: string;
  displayName: string;
  issuedAt: string;
  revokedAt: string | null;
}

/**
 * The name a user chooses to show on a certificate: 2 to 80 characters of text, no control
 * characters and no email address (the certificate is public).
 */
export const certificateNameSchema = z
  .string()
  .trim()
  .min(2, 'The name must be at least 2 characters')
  .max(80, 'The name must be at most 80 characters')
  .refine((name) => !/\p{Cc}/u.test(name), 'The name has a character that cannot be shown')
  .refine((name) => !name.includes('@'), 'A certificate shows a name, not an email address');

/** `POST /api/learn/courses/:courseId/certificate`. */
export const certificateRequestSchema = z.object({ displayName: certificateNameSchema });
export type CertificateRequest = z.infer<typeof certificateRequestSchema>;

/**
 * `GET /api/certificates/:id`, public: what the certificate says and what the server found
 * when it checked the stored signature (`verified`), or that its owner revoked it.
 */
export interface PublicCertificate {
  id: string;
  courseId: string;
  courseTitle: string;
  displayName: string;
  issuedAt: string;
  status: 'verified' | 'invalid' | 'revoked';
  revokedAt: string | null;
  issuer: string;
  /** Ed25519 over `payload`, and the server's public key, both base64url, to check it offline. */
  signature: string;
  publicKey: string;
  payload: string;
}

/** A question as the user sees it: no answer; choices of an `order` question shuffled. */
export interface QuizQuestionView {
  id: string;
  type: QuizQuestionSource['type'];
  prompt: string;
  /** For `order`: the choices in this attempt's shuffled order. */
  choices?: string[];
}

export interface LessonView {
  id: string;
  courseId: string;
  courseTitle: string;
  index: number;
  lessonCount: number;
  title: string;
  minutes: number;
  objectives: string[];
  lastReviewed: string;
  tryIt: TryIt & { href: string };
  html: string;
  headings: LessonHeading[];
  /** `preview`: a locked or not yet started course's first lesson, without its quiz. */
  access: 'full' | 'preview';
  lock: CourseLock | null;
  /** Whether starting the course now is within the plan (only when not started). */
  canStart: boolean;
  previousLessonId: string | null;
  nextLessonId: string | null;
  completedAt: string | null;
  /** The attempt the quiz is for: its number and questions in its order. Null in a preview. */
  quiz: { attempt: number; questions: QuizQuestionView[] } | null;
  /** Shown at the end of the course's last lesson. */
  disclaimer: string | null;
}

/** `POST /api/learn/lessons/:id/attempts`: answers by question id. For `order`: positions in the shown order. */
export const quizSubmissionSchema = z.strictObject({
  attempt: z.int().min(1).max(100_000),
  answers: z.record(
    z.string().max(80),
    z.union([z.int().min(0).max(20), z.array(z.int().min(0).max(20)).max(20), z.number()]),
  ),
});
export type QuizSubmission = z.infer<typeof quizSubmissionSchema>;

export interface QuizQuestionResult {
  id: string;
  correct: boolean;
  explanation: string;
  /** The right answer, in the terms the question was shown in. */
  correctAnswer: string;
}

export interface QuizResult {
  attempt: number;
  correct: number;
  total: number;
  percent: number;
  passed: boolean;
  results: QuizQuestionResult[];
  lessonCompleted: boolean;
  courseCompleted: boolean;
  nextLessonId: string | null;
}

/** `GET /api/learn/progress`: the dashboard's card and Recent Activity. */
export interface LearnProgress {
  coursesCompleted: number;
  next: { courseId: string; courseTitle: string; lessonId: string; lessonTitle: string } | null;
  recentLessons: {
    lessonId: string;
    lessonTitle: string;
    courseId: string;
    courseTitle: string;
    completedAt: string;
  }[];
}

/** `GET /api/learn/titles` (public): the catalogue's titles for the courses page. */
export interface LearnTitles {
  courses: { id: string; title: string; level: LearnLevel; summary: string; lessons: string[] }[];
}
