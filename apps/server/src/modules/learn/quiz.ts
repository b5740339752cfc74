import { createHash } from 'node:crypto';
import type {
  CompiledQuestion,
  QuizQuestionResult,
  QuizQuestionView,
  QuizSubmission,
} from '@tickerwise/shared';
import { AppError } from '../../http/errors.ts';

/** A generator of numbers in [0, 1) from a seed: the same seed, the same numbers. */
function seeded(seed: string): () => number {
  let counter = 0;
  let pool: Buffer = Buffer.alloc(0);
  let at = 0;
  return () => {
    if (at + 4 > pool.length) {
      pool = createHash('sha256').update(`${seed}:${counter++}`).digest();
      at = 0;
    }
    const value = pool.readUInt32BE(at) / 2 ** 32;
    at += 4;
    return value;
  };
}

/** Indexes 0..n-1 in an order drawn from `seed` (Fisher-Yates). */
export function shuffledIndexes(n: number, seed: string): number[] {
  const random = seeded(seed);
  const order = Array.from({ length: n }, (_, index) => index);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The order an `order` question's steps are shown in: never already the right one. */
function shownOrder(n: number, seed: string): number[] {
  const order = shuffledIndexes(n, seed);
  if (order.every((value, index) => value === index)) order.push(order.shift()!);
  return order;
}

/**
 * One attempt of a lesson's quiz: its questions in an order drawn from the user, the lesson and
 * the attempt's number, so reloading shows the same order and the next attempt a new one.
 */
export class QuizAttempt {
  readonly questions: CompiledQuestion[];
  private readonly orders = new Map<string, number[]>();

  constructor(
    quiz: readonly CompiledQuestion[],
    userId: string,
    lessonId: string,
    attempt: number,
  ) {
    const seed = `${userId}:${lessonId}:${attempt}`;
    this.questions = shuffledIndexes(quiz.length, seed).map((index) => quiz[index]!);
    for (const question of quiz) {
      if (question.type === 'order') {
        this.orders.set(question.id, shownOrder(question.choices.length, `${seed}:${question.id}`));
      }
    }
  }

  /** The questions as the user sees them: no answers. */
  view(): QuizQuestionView[] {
    return this.questions.map((question) => {
      const base = { id: question.id, type: question.type, prompt: question.prompt };
      if (question.type === 'numeric') return base;
      if (question.type === 'order') {
        const order = this.orders.get(question.id)!;
        return { ...base, choices: order.map((index) => question.choices[index]!) };
      }
      return { ...base, choices: question.choices };
    });
  }

  /** Scores every question; an answer of the wrong shape is a 400 naming the question. */
  score(answers: QuizSubmission['answers']): QuizQuestionResult[] {
    const known = new Set(this.questions.map((question) => question.id));
    for (const id of Object.keys(answers)) {
      if (!known.has(id)) throw badAnswer(id, 'This quiz has no such question.');
    }
    return this.questions.map((question) => ({
      id: question.id,
      correct: this.isCorrect(question, answers[question.id]),
      explanation: question.explanation,
      correctAnswer: correctAnswerText(question),
    }));
  }

  private isCorrect(question: CompiledQuestion, answer: number | number[] | undefined): boolean {
    if (answer === undefined) return false;
    switch (question.type) {
      case 'single':
        if (typeof answer !== 'number') throw badAnswer(question.id, 'Choose one answer.');
        return answer === question.answer;
      case 'multiple': {
        if (!Array.isArray(answer)) throw badAnswer(question.id, 'Choose a list of answers.');
        const chosen = new Set(answer);
        return (
          chosen.size === answer.length &&
          chosen.size === question.answer.length &&
          question.answer.every((index) => chosen.has(index))
        );
      }
      case 'numeric':
        if (typeof answer !== 'number') throw badAnswer(question.id, 'Give a number.');
        return Math.abs(answer - question.answer) <= question.tolerance + 1e-9;
      case 'order': {
        const shown = this.orders.get(question.id)!;
        if (!Array.isArray(answer) || answer.length !== shown.length) {
          throw badAnswer(question.id, 'Put every step in order.');
        }
        // Each position names a step as shown; the right order is the authored one.
        return answer.every((position, index) => shown[position] === index);
      }
    }
  }
}

function badAnswer(id: string, message: string): AppError {
  return new AppError(400, 'validation_failed', message, { [`answers.${id}`]: message });
}

function correctAnswerText(question: CompiledQuestion): string {
  switch (question.type) {
    case 'single':
      return question.choices[question.answer]!;
    case 'multiple':
      return question.answer.map((index) => question.choices[index]!).join('; ');
    case 'numeric':
      return question.tolerance > 0
        ? `${question.answer} (within ${question.tolerance})`
        : String(question.answer);
    case 'order':
      return question.choices.join(' → ');
  }
}
