import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QuizQuestionView, QuizResult, QuizSubmission } from '@tickerwise/shared';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Quiz } from './quiz.tsx';

const questions: QuizQuestionView[] = [
  { id: 'one', type: 'single', prompt: 'What is a share?', choices: ['A loan', 'A part'] },
  {
    id: 'many',
    type: 'multiple',
    prompt: 'Which pay?',
    choices: ['Dividends', 'Coupons', 'Gains'],
  },
  { id: 'cost', type: 'numeric', prompt: 'What do 10 at $25.50 cost?' },
  { id: 'steps', type: 'order', prompt: 'Order the steps', choices: ['Own', 'Choose', 'Order'] },
];

const result: QuizResult = {
  attempt: 1,
  correct: 4,
  total: 4,
  percent: 100,
  passed: true,
  results: questions.map((q) => ({
    id: q.id,
    correct: true,
    explanation: `Why ${q.id}`,
    correctAnswer: 'x',
  })),
  lessonCompleted: true,
  courseCompleted: false,
  nextLessonId: null,
};

function Harness({ onSubmit }: { onSubmit(submission: QuizSubmission): void }) {
  const [shown, setShown] = useState<QuizResult | null>(null);
  return (
    <Quiz
      attempt={1}
      questions={questions}
      submitting={false}
      error={null}
      result={shown}
      onSubmit={(submission) => {
        onSubmit(submission);
        setShown(result);
      }}
      onRetry={() => {}}
      nextLesson={null}
      onNext={() => {}}
    />
  );
}

describe('the quiz', () => {
  it('is answered from the keyboard, sends positions for the order, and focuses the result', async () => {
    const user = userEvent.setup();
    const sent: QuizSubmission[] = [];
    render(<Harness onSubmit={(submission) => sent.push(submission)} />);

    await user.click(screen.getByRole('radio', { name: 'A part' }));
    await user.click(screen.getByRole('checkbox', { name: 'Dividends' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gains' }));
    await user.type(screen.getByRole('textbox'), '$255.00');
    // Shown Own, Choose, Order: "Choose" up once, then "Own" down once gives Choose, Order, Own.
    screen.getByRole('button', { name: 'Move “Choose” up' }).focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Move “Own” down' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1.Choose',
      '2.Order',
      '3.Own',
    ]);
    await user.click(screen.getByRole('button', { name: 'Check my answers' }));

    expect(sent).toEqual([
      { attempt: 1, answers: { one: 1, many: [0, 2], cost: 255, steps: [1, 2, 0] } },
    ]);
    const heading = screen.getByRole('heading', { name: '4 of 4 right (100%)' });
    expect(document.activeElement).toBe(heading.parentElement);
    expect(screen.getByText('Why steps')).toBeTruthy();
    // Typing and clicking through a whole quiz: more than the default 5 s on a busy machine.
  }, 30_000);
});
