import type { ReactNode } from 'react';

/** SPEC.md section 8: a red box that stands in for the page when stock data failed to load. */
export function StocksError({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-2xl border border-red-200 bg-red-50 px-5 py-4 text-red-800 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-center gap-2 font-medium">
        <svg
          viewBox="0 0 24 24"
          className="size-5 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 8v4.5M12 16h.01" />
        </svg>
        {message}
      </p>
      {children}
    </div>
  );
}
