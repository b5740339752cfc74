import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  type CompiledCourse,
  type CompiledLearnContent,
  type CompiledLesson,
  courseFrontMatterSchema,
  glossarySlug,
  type LessonHeading,
  lessonFrontMatterSchema,
  tryItHref,
} from '@tickerwise/shared';
import MarkdownIt from 'markdown-it';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';

/**
 * The Learn content compiler (docs/decisions/0037): reads `content/learn/<NN>-<course>/`
 * folders, validates each front matter with the shared schema, renders the Markdown bodies to
 * HTML with the author's HTML escaped (never passed through), resolves `glossary:` links
 * (failing on an unknown term), checks every "Try it" opens a declared route, and answers one
 * structure the server loads once at start. Every problem of every file is collected, so one
 * run names them all.
 */
export interface CompileOptions {
  /** The content folder: one sub-folder per course. */
  dir: string;
  /** The glossary's terms, as the glossary page lists them. */
  glossaryTerms: readonly string[];
  /** Paths the web app routes (`paths` of packages/shared, plus the stock page's pattern). */
  routes: readonly string[];
}

export class ContentError extends Error {
  override name = 'ContentError';
  constructor(readonly problems: string[]) {
    super(`The learning content has ${problems.length} problem(s):\n- ${problems.join('\n- ')}`);
  }
}

const frontMatterPattern = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;
const folderPattern = /^\d{2}-[a-z0-9-]+$/;
const lessonFilePattern = /^\d{2}-[a-z0-9-]+\.md$/;

/** Where the glossary page anchors a term: `/guides/glossary#<slug>`. */
export const glossaryHref = (slug: string) => `/guides/glossary#${slug}`;

interface Source {
  file: string;
  data: unknown;
  body: string;
}

function readSource(file: string, problems: string[]): Source | null {
  const text = readFileSync(file, 'utf8');
  const match = frontMatterPattern.exec(text);
  if (!match) {
    problems.push(`${file}: no front matter (a block between two "---" lines)`);
    return null;
  }
  try {
    return { file, data: parseYaml(match[1]!), body: match[2]! };
  } catch (error) {
    problems.push(`${file}: front matter is not valid YAML (${(error as Error).message})`);
    return null;
  }
}

function validate<T extends z.ZodType>(
  schema: T,
  source: Source,
  problems: string[],
): z.infer<T> | null {
  const result = schema.safeParse(source.data);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    // "a: b" unquoted in YAML is a mapping, not the text it looks like.
    const hint = /expected string, received object/.test(issue.message)
      ? ' (text with ": " in it must be quoted)'
      : '';
    problems.push(
      `${source.file}: ${issue.path.join('.') || 'front matter'}: ${issue.message}${hint}`,
    );
  }
  return null;
}

/** A route the app declares: exact, or the stock page's `/dashboard/investments/stocks/:symbol`. */
function routeExists(href: string, routes: readonly string[]): boolean {
  const path = href.split(/[?#]/)[0]!;
  return routes.some((route) => {
    if (!route.includes(':')) return route === path;
    const pattern = new RegExp(`^${route.replace(/:[a-z]+/gi, '[^/]+')}$`, 'i');
    return pattern.test(path);
  });
}

/** The Markdown renderer: no HTML of the author's, no images, links checked as they render. */
function createRenderer() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
  md.disable(['image']);
  return md;
}

interface RenderEnv {
  file: string;
  problems: string[];
  glossary: Set<string>;
  headings: LessonHeading[];
}

function headingId(text: string, taken: Set<string>): string {
  const base = glossarySlug(text) || 'section';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

function installRules(md: ReturnType<typeof createRenderer>) {
  md.core.ruler.push('learn_headings', (state) => {
    const env = state.env as unknown as RenderEnv;
    const taken = new Set<string>();
    state.tokens.forEach((token, index) => {
      if (token.type !== 'heading_open') return;
      const depth = Number(token.tag.slice(1));
      const text = state.tokens[index + 1]?.content ?? '';
      if (depth === 1 || depth > 3) {
        env.problems.push(`${env.file}: use ## and ### headings only ("${text}" is ${token.tag})`);
        return;
      }
      const id = headingId(text, taken);
      token.attrSet('id', id);
      env.headings.push({ id, text, depth: depth as 2 | 3 });
    });
  });
  md.core.ruler.push('learn_links', (state) => {
    const env = state.env as unknown as RenderEnv;
    for (const block of state.tokens) {
      for (const token of block.children ?? []) {
        if (token.type !== 'link_open') continue;
        const href = String(token.attrGet('href') ?? '');
        if (href.startsWith('glossary:')) {
          const slug = href.slice('glossary:'.length);
          if (!env.glossary.has(slug)) {
            env.problems.push(`${env.file}: glossary link to "${slug}", which is no glossary term`);
          }
          token.attrSet('href', glossaryHref(slug));
          token.attrSet('data-glossary', slug);
        } else if (href.startsWith('https://')) {
          token.attrSet('rel', 'noopener noreferrer');
          token.attrSet('target', '_blank');
        } else if (!href.startsWith('/')) {
          env.problems.push(`${env.file}: link "${href}" is neither glossary:, https:// nor /path`);
        }
      }
    }
  });
}

function wordCount(markdown: string): number {
  return markdown.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;
}

function folders(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => statSync(join(dir, name)).isDirectory())
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Compiles the content folder; throws a ContentError naming every problem found. */
export function compileLearnContent(options: CompileOptions): CompiledLearnContent {
  const problems: string[] = [];
  const md = createRenderer();
  installRules(md);
  const glossary = new Set(options.glossaryTerms.map(glossarySlug));
  const render = (file: string, body: string) => {
    const env: RenderEnv = { file, problems, glossary, headings: [] };
    const html = md.render(body, env as unknown as Record<string, unknown>);
    return { html, headings: env.headings };
  };

  const courses: CompiledCourse[] = [];
  const courseIds = new Map<string, string>();
  const lessonIds = new Map<string, string>();
  for (const folder of folders(options.dir)) {
    const courseDir = join(options.dir, folder);
    if (!folderPattern.test(folder)) {
      problems.push(`${courseDir}: a course folder is named NN-course-slug`);
      continue;
    }
    const source = readSource(join(courseDir, 'course.md'), problems);
    const front = source && validate(courseFrontMatterSchema, source, problems);
    if (!source || !front) continue;
    const seenCourse = courseIds.get(front.id);
    if (seenCourse)
      problems.push(`${source.file}: course id "${front.id}" is also ${seenCourse}'s`);
    courseIds.set(front.id, source.file);

    const lessons: CompiledLesson[] = [];
    const lessonFiles = readdirSync(courseDir)
      .filter((name) => name !== 'course.md' && name.endsWith('.md'))
      .sort();
    for (const name of lessonFiles) {
      const file = join(courseDir, name);
      if (!lessonFilePattern.test(name)) {
        problems.push(`${file}: a lesson file is named NN-lesson-slug.md`);
        continue;
      }
      const lessonSource = readSource(file, problems);
      const lesson = lessonSource && validate(lessonFrontMatterSchema, lessonSource, problems);
      if (!lessonSource || !lesson) continue;
      const seen = lessonIds.get(lesson.id);
      if (seen) problems.push(`${file}: lesson id "${lesson.id}" is also ${seen}'s`);
      lessonIds.set(lesson.id, file);
      checkQuiz(file, lesson.quiz, problems);
      const href = tryItHref(lesson.tryIt);
      if (!routeExists(href, options.routes)) {
        problems.push(`${file}: "Try it" opens ${href}, which no route serves`);
      }
      if (lesson.tryIt.compareWith && lesson.tryIt.kind !== 'compare') {
        problems.push(`${file}: tryIt.compareWith is for a "compare" step only`);
      }
      const { html, headings } = render(file, lessonSource.body);
      lessons.push({
        ...lesson,
        courseId: front.id,
        index: lessons.length,
        tryIt: { ...lesson.tryIt, href },
        html,
        headings,
        words: wordCount(lessonSource.body),
      });
    }
    if (lessons.length === 0) problems.push(`${courseDir}: a course has at least one lesson`);
    courses.push({
      ...front,
      introHtml: render(source.file, source.body).html,
      minutes: lessons.reduce((sum, lesson) => sum + lesson.minutes, 0),
      lessons,
    });
  }
  if (problems.length > 0) throw new ContentError(problems);
  courses.sort((a, b) => a.order - b.order || a.id.localeCompare(b.id));
  return { version: 1, courses };
}

function checkQuiz(file: string, quiz: CompiledLesson['quiz'], problems: string[]) {
  const ids = new Set<string>();
  for (const question of quiz) {
    const where = `${file}: quiz question "${question.id}"`;
    if (ids.has(question.id)) problems.push(`${where} appears twice`);
    ids.add(question.id);
    if (question.type === 'single' && question.answer >= question.choices.length) {
      problems.push(`${where}: its answer is no choice`);
    }
    if (question.type === 'multiple') {
      if (question.answer.some((index) => index >= question.choices.length)) {
        problems.push(`${where}: an answer is no choice`);
      }
      if (new Set(question.answer).size !== question.answer.length) {
        problems.push(`${where}: an answer is listed twice`);
      }
    }
  }
}

/**
 * The glossary's terms, read from the web app's glossary module (apps/web/src/features/guides/
 * content/glossary.ts): each entry's `term: '...'` line. Read as text so the server needs no
 * web code.
 */
export function readGlossaryTerms(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const terms: string[] = [];
  for (const match of text.matchAll(/\bterm:\s*(['"`])((?:\\.|(?!\1).)*)\1/g)) {
    terms.push(match[2]!.replace(/\\(.)/g, '$1'));
  }
  return terms;
}
