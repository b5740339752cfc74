import {
  type SupportAttachmentInput,
  type SupportAttachmentType,
  supportAttachmentTypes,
  supportLimits,
} from '@tickerwise/shared';
import { ImagePlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { sizeText } from './support-text.ts';

/** The file's bytes in base64, as the API takes them. */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

const isImageType = (type: string): type is SupportAttachmentType =>
  (supportAttachmentTypes as readonly string[]).includes(type);

/**
 * An optional screenshot: PNG, JPEG, WebP or GIF up to 1 MB, checked here before it is sent
 * (the server checks again, bytes included).
 */
export function ScreenshotInput({
  value,
  onChange,
}: {
  value: (SupportAttachmentInput & { bytes: number }) | null;
  onChange: (value: (SupportAttachmentInput & { bytes: number }) | null) => void;
}) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  if (value) {
    return (
      <div className="flex items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <ImagePlus className="size-4 shrink-0 text-slate-500" aria-hidden />
        <span className="min-w-0 flex-1 truncate text-slate-700">
          {value.name || 'Screenshot'} · {sizeText(value.bytes)}
        </span>
        <button
          type="button"
          onClick={() => onChange(null)}
          className="rounded-lg p-1 text-slate-500 hover:bg-slate-200 hover:text-ink-950"
          aria-label="Remove the screenshot"
        >
          <X className="size-4" />
        </button>
      </div>
    );
  }
  return (
    <div>
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-dashed border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-700 focus-within:ring-2 focus-within:ring-brand-600/30"
      >
        <ImagePlus className="size-4" aria-hidden />
        Attach a screenshot (optional)
        <input
          id={id}
          type="file"
          accept={supportAttachmentTypes.join(',')}
          className="sr-only"
          onChange={async (event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            if (!isImageType(file.type)) {
              setProblem('Attach a PNG, JPEG, WebP or GIF image.');
              return;
            }
            if (file.size > supportLimits.attachmentBytes) {
              setProblem(`This image is ${sizeText(file.size)}: a screenshot may be at most 1 MB.`);
              return;
            }
            setProblem(null);
            try {
              const data = await readBase64(file);
              onChange({ type: file.type, name: file.name.slice(0, 200), data, bytes: file.size });
            } catch {
              setProblem('The file could not be read. Try another one.');
            }
          }}
        />
      </label>
      <p className="mt-1 text-xs text-slate-500">PNG, JPEG, WebP or GIF, up to 1 MB.</p>
      {problem && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
