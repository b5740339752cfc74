import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type SupportAttachmentInput,
  type SupportCategory,
  type SupportRequest,
  supportCategories,
  supportCategoryLabels,
  supportLimits,
} from '@tickerwise/shared';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { createSupportRequest } from '../api/support-api.ts';
import { ScreenshotInput } from './screenshot-input.tsx';

/** A new request: subject, category, message and an optional screenshot. */
export function NewRequestForm({ onSent }: { onSent: (request: SupportRequest) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [subject, setSubject] = useState('');
  const [category, setCategory] = useState<SupportCategory | ''>('');
  const [message, setMessage] = useState('');
  const [screenshot, setScreenshot] = useState<(SupportAttachmentInput & { bytes: number }) | null>(
    null,
  );
  const send = useMutation({
    mutationFn: () =>
      createSupportRequest({
        subject,
        category: category as SupportCategory,
        message,
        ...(screenshot
          ? { attachment: { type: screenshot.type, name: screenshot.name, data: screenshot.data } }
          : {}),
      }),
    onSuccess: async ({ request }) => {
      setSubject('');
      setCategory('');
      setMessage('');
      setScreenshot(null);
      await queryClient.invalidateQueries({ queryKey: ['support'] });
      onSent(request);
    },
  });
  const fields = send.error instanceof ApiRequestError ? send.error.fields : {};
  const over = message.length > supportLimits.messageLength;
  const ready = subject.trim() !== '' && category !== '' && message.trim() !== '' && !over;
  return (
    <form
      className="space-y-4"
      aria-label="New support request"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) send.mutate();
      }}
    >
      <div>
        <label htmlFor={`${id}-subject`} className="block text-sm font-medium text-ink-950">
          Subject
        </label>
        <input
          id={`${id}-subject`}
          value={subject}
          maxLength={supportLimits.subjectLength}
          onChange={(event) => setSubject(event.target.value)}
          className={`mt-1.5 ${inputStyles(Boolean(fields.subject))}`}
          placeholder="What is it about?"
        />
        {fields.subject && <p className="mt-1 text-sm text-red-700">{fields.subject}</p>}
      </div>
      <div>
        <label htmlFor={`${id}-category`} className="block text-sm font-medium text-ink-950">
          Category
        </label>
        <select
          id={`${id}-category`}
          value={category}
          onChange={(event) => setCategory(event.target.value as SupportCategory)}
          className={`mt-1.5 ${inputStyles(Boolean(fields.category))}`}
        >
          <option value="" disabled>
            Choose one
          </option>
          {supportCategories.map((value) => (
            <option key={value} value={value}>
              {supportCategoryLabels[value]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="block text-sm font-medium text-ink-950">
          Message
        </label>
        <textarea
          id={`${id}-message`}
          value={message}
          rows={6}
          onChange={(event) => setMessage(event.target.value)}
          aria-describedby={`${id}-count`}
          aria-invalid={over || Boolean(fields.message)}
          className={`mt-1.5 ${inputStyles(over || Boolean(fields.message))}`}
          placeholder="What happened, what you expected, and the page or symbol it was on."
        />
        <p
          id={`${id}-count`}
          className={`mt-1 text-xs ${over ? 'font-semibold text-red-700' : 'text-slate-500'}`}
        >
          {message.length.toLocaleString('en-US')} /{' '}
          {supportLimits.messageLength.toLocaleString('en-US')} characters
        </p>
        {fields.message && <p className="mt-1 text-sm text-red-700">{fields.message}</p>}
      </div>
      <ScreenshotInput value={screenshot} onChange={setScreenshot} />
      {send.isError && <Alert>{send.error.message}</Alert>}
      <Button type="submit" disabled={!ready} busy={send.isPending} busyLabel="Sending…">
        Send to support
      </Button>
    </form>
  );
}
