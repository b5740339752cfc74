import { Fragment } from 'react';
import { ErrorState } from '../../../components/ui/error-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useApiOutline } from '../api/api-outline.ts';

/** A path that wraps before a slash on a narrow screen, never in the middle of a word. */
function PathText({ path }: { path: string }) {
  const parts = path.split('/');
  // The parts of a path never change order: their place is their key.
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? '/' : ''}
      {part}
      {index < parts.length - 1 && index > 0 ? <wbr /> : null}
    </Fragment>
  ));
}

/** What the public API offers, section by section, from its own description. */
export function ApiOutlineList() {
  const outline = useApiOutline();
  if (outline.isError) {
    return (
      <ErrorState
        title="The list of endpoints could not be loaded."
        onRetry={() => outline.refetch()}
        retrying={outline.isFetching}
      />
    );
  }
  if (!outline.data) {
    return (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading what the API offers</span>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    );
  }
  return (
    <div className="grid items-start gap-4 md:grid-cols-2">
      {outline.data.sections.map((section) => (
        <div key={section.name} className="rounded-xl border border-slate-200 p-4">
          <h3 className="text-sm font-semibold text-ink-950">{section.name}</h3>
          <p className="mt-1 text-xs text-slate-500">{section.description}</p>
          <ul className="mt-3 space-y-2">
            {section.operations.map((operation) => (
              <li key={`${operation.method} ${operation.path}`} className="text-sm">
                <code className="block font-mono text-xs [overflow-wrap:anywhere] text-brand-800">
                  {operation.method} <PathText path={operation.path} />
                </code>
                <span className="text-slate-700">{operation.summary}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
