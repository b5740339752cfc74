import {
  type BrokerField,
  type BrokerMapping,
  brokerFieldLabels,
  brokerFields,
  type ImportDateOrder,
  type ImportPreview,
  type ImportRequest,
  importDateOrderLabels,
  importDateOrders,
  importMaxBytes,
} from '@tickerwise/shared';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../../components/ui/dialog.tsx';
import { inputStyles } from '../../../components/ui/field-styles.ts';
import { useImport } from '../api/import-file.ts';
import { type ImportSetup, proposeSetup, unmappedFields, withPreset } from '../import-setup.ts';
import { ImportLeftOut } from './import-left-out.tsx';
import { ImportPreviewTable } from './import-preview-table.tsx';
import { ImportProgressBar } from './import-progress.tsx';
import { ImportSourceField } from './import-source-field.tsx';
import { TemplateLink } from './template-link.tsx';

interface ImportDialogProps {
  portfolioId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onImported?: (count: number) => void;
}

interface ChosenFile {
  name: string;
  text: string;
}

/**
 * Imports a CSV: choose a file, map a broker export's columns (our template needs none),
 * check it (the server reads every row and lists each error with its row), then import it
 * whole. Nothing is imported while any row has an error.
 */
export function ImportDialog({ portfolioId, open, onOpenChange, onImported }: ImportDialogProps) {
  const { preview, commit } = useImport(portfolioId);
  const [file, setFile] = useState<ChosenFile>();
  const [setup, setSetup] = useState<ImportSetup>();
  const [skipOtherSides, setSkipOtherSides] = useState(false);
  const [leaveOutUncovered, setLeaveOutUncovered] = useState(false);
  const [problem, setProblem] = useState<string>();
  const inputId = useId();

  const reset = () => {
    setFile(undefined);
    setSetup(undefined);
    setLeaveOutUncovered(false);
    setProblem(undefined);
    preview.reset();
    commit.reset();
  };

  const request = (): ImportRequest | undefined =>
    file && setup ? requestOf(file.text, setup, skipOtherSides, leaveOutUncovered) : undefined;

  const check = (next = request()) => {
    if (!next) return;
    setProblem(undefined);
    commit.reset();
    preview.mutate(next);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    preview.reset();
    commit.reset();
    if (chosen.size > importMaxBytes) {
      setProblem('The file is larger than 5 MB: split it into parts and import them one by one.');
      return;
    }
    const text = await chosen.text();
    if (!text.trim()) {
      setProblem('The file is empty.');
      return;
    }
    const proposed = proposeSetup(text);
    // A file chosen again after a fix keeps the mapping the user made, when its headers match.
    const kept =
      setup && setup.headers.join('\u0000') === proposed.headers.join('\u0000') ? setup : proposed;
    setFile({ name: chosen.name, text });
    setSetup(kept);
    setLeaveOutUncovered(false);
    setProblem(undefined);
    if (kept.format === 'tickerwise' || unmappedFields(kept.mapping).length === 0) {
      // Symbols left out of one file are not left out of the next unasked.
      check(requestOf(text, kept, skipOtherSides, false));
    }
  };

  const runImport = async () => {
    const next = request();
    if (!next) return;
    try {
      const result = await commit.mutateAsync(next);
      onImported?.(result.imported);
      onOpenChange(false);
      reset();
    } catch {
      // Shown from commit.error below.
    }
  };

  const result = preview.data;
  const unmapped = setup?.format === 'broker' ? unmappedFields(setup.mapping) : [];
  const canImport = Boolean(result?.valid && result.importable > 0 && !preview.isPending);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
      size="wide"
      title="Import transactions"
      description={
        <>
          A CSV in our template, or your broker's export: Schwab, Fidelity, Trading 212 and
          Interactive Brokers files are recognised, any other with its columns matched. Nothing is
          imported until every row is right, and every row left out is listed. <TemplateLink />
        </>
      }
      footer={
        <>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          {setup?.format === 'broker' && file && (
            <Button
              variant="secondary"
              onClick={() => check()}
              disabled={unmapped.length > 0}
              busy={preview.isPending}
              busyLabel="Checking..."
            >
              Check file
            </Button>
          )}
          <Button
            onClick={runImport}
            disabled={!canImport}
            busy={commit.isPending}
            busyLabel="Importing..."
          >
            {result?.valid ? `Import ${result.importable} transactions` : 'Import'}
          </Button>
        </>
      }
    >
      <div className="space-y-5">
        <div className="flex flex-wrap items-center gap-3">
          <label
            htmlFor={inputId}
            className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-ink-950 shadow-sm hover:bg-slate-50 focus-within:outline-2 focus-within:outline-offset-2"
          >
            <FileUp className="size-4" />
            {file ? 'Choose another file' : 'Choose a CSV file'}
            <input
              id={inputId}
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={onFile}
              className="sr-only"
            />
          </label>
          {file && (
            <span className="min-w-0 truncate text-sm text-slate-600">
              {file.name} · {setup?.format === 'tickerwise' ? 'our template' : 'a broker export'}
            </span>
          )}
        </div>

        {problem && <Alert>{problem}</Alert>}

        <ImportProgressBar
          portfolioId={portfolioId}
          running={preview.isPending || commit.isPending}
          waiting={preview.isPending ? 'Checking every row...' : 'Importing...'}
        />
        {preview.error && <Alert>{preview.error.message}</Alert>}
        {result && !preview.isPending && <PreviewSummary preview={result} />}
        {result && !preview.isPending && <ImportPreviewTable preview={result} />}
        {result && !preview.isPending && file && setup && (
          <ImportLeftOut
            preview={result}
            leaveOutUncovered={leaveOutUncovered}
            onLeaveOutUncovered={(leaveOut) => {
              setLeaveOutUncovered(leaveOut);
              check(requestOf(file.text, setup, skipOtherSides, leaveOut));
            }}
          />
        )}
        {setup?.format === 'broker' && file && (
          <ImportSourceField
            value={setup.preset}
            onChange={(preset) => {
              const next = withPreset(setup, preset);
              setSetup(next);
              preview.reset();
              if (unmappedFields(next.mapping).length === 0) {
                check(requestOf(file.text, next, skipOtherSides, leaveOutUncovered));
              }
            }}
          />
        )}
        {setup?.format === 'broker' && file && (
          <BrokerMappingFields
            key={file.name}
            openAtFirst={unmapped.length > 0}
            setup={setup}
            onChange={(next) => {
              setSetup(next);
              preview.reset();
            }}
            skipOtherSides={skipOtherSides}
            onSkipOtherSides={(skip) => {
              setSkipOtherSides(skip);
              preview.reset();
            }}
          />
        )}
        {setup?.format === 'tickerwise' && file && (
          <DateOrderField
            value={setup.dateOrder}
            onChange={(dateOrder) => {
              const next = { ...setup, dateOrder };
              setSetup(next);
              check(requestOf(file.text, next, skipOtherSides, leaveOutUncovered));
            }}
          />
        )}

        {commit.error && <Alert>{commit.error.message}</Alert>}
      </div>
    </Dialog>
  );
}

/** What the dialog sends: the file, how to read it, and what the user chose to leave out. */
function requestOf(
  csv: string,
  setup: ImportSetup,
  skipOtherSides: boolean,
  leaveOutUncovered: boolean,
): ImportRequest {
  return {
    csv,
    format: setup.format,
    dateOrder: setup.dateOrder,
    skipOtherSides,
    leaveOutUncovered,
    ...(setup.format === 'broker'
      ? {
          mapping: setup.mapping as BrokerMapping,
          ...(setup.preset ? { preset: setup.preset } : {}),
        }
      : {}),
  };
}

function PreviewSummary({ preview }: { preview: ImportPreview }) {
  const range =
    preview.firstDate && preview.lastDate
      ? ` from ${preview.firstDate} to ${preview.lastDate}`
      : '';
  const skipped =
    preview.skipped > 0
      ? ` ${preview.skipped} ${preview.skipped === 1 ? 'row' : 'rows'} left out, each listed below with its reason.`
      : '';
  if (preview.valid && preview.importable === 0) {
    return (
      <Alert title="Nothing to import">
        No row of this file is a transaction to import.{skipped}
      </Alert>
    );
  }
  if (preview.valid) {
    return (
      <Alert tone="info" title="Ready to import">
        {preview.importable} transactions{range}.{skipped}
      </Alert>
    );
  }
  return (
    <Alert
      title={`${preview.errorCount} ${preview.errorCount === 1 ? 'row needs' : 'rows need'} fixing before anything is imported`}
    >
      Fix them in the file, then choose it again.{skipped}
    </Alert>
  );
}

/** What an optional field left unmapped means. */
const noColumnLabels: Partial<Record<BrokerField, string>> = {
  side: "No action column (the quantity's sign)",
  amount: 'No amount column',
  fees: 'No fees column',
};

function BrokerMappingFields({
  setup,
  openAtFirst,
  onChange,
  skipOtherSides,
  onSkipOtherSides,
}: {
  setup: ImportSetup;
  /** Open while a column is still to match; folded once every column was recognised. */
  openAtFirst: boolean;
  onChange: (setup: ImportSetup) => void;
  skipOtherSides: boolean;
  onSkipOtherSides: (skip: boolean) => void;
}) {
  const baseId = useId();
  // Decided once per file: matching the last column must not fold the fields away.
  const [open, setOpen] = useState(openAtFirst);
  const matched = brokerFields
    .filter((field) => setup.mapping[field])
    .map((field) => `${brokerFieldLabels[field].split(' ')[0]}: ${setup.mapping[field]}`)
    .concat(`dates ${importDateOrderLabels[setup.dateOrder].split(' (')[0]!.toLowerCase()}`)
    .join(' · ');
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-xl border border-slate-200"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm">
        <span className="min-w-0">
          <span className="font-semibold text-ink-950">The file's columns</span>
          <span className="block truncate text-slate-500">{matched || 'None matched yet'}</span>
        </span>
        <span className="shrink-0 font-medium text-brand-700 group-open:hidden">Change</span>
      </summary>
      <div className="border-t border-slate-200 p-4">
        <div className="grid gap-3 sm:grid-cols-3">
          {brokerFields.map((field) => (
            <div key={field}>
              <label
                htmlFor={`${baseId}-${field}`}
                className="block text-sm font-medium text-ink-900"
              >
                {brokerFieldLabels[field]}
              </label>
              <select
                id={`${baseId}-${field}`}
                value={setup.mapping[field] ?? ''}
                onChange={(event) => {
                  const mapping = { ...setup.mapping };
                  if (event.target.value) mapping[field] = event.target.value;
                  else delete mapping[field];
                  onChange({ ...setup, mapping });
                }}
                className={`mt-1.5 ${inputStyles(false)}`}
              >
                <option value="">{noColumnLabels[field] ?? 'Choose a column'}</option>
                {setup.headers.map((header) => (
                  <option key={header} value={header}>
                    {header}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
        <div className="mt-3 grid gap-3 sm:grid-cols-2 sm:items-end">
          <DateOrderField
            value={setup.dateOrder}
            onChange={(dateOrder) => onChange({ ...setup, dateOrder })}
          />
          <label className="flex items-center gap-2 pb-2.5 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={skipOtherSides}
              onChange={(event) => onSkipOtherSides(event.target.checked)}
              className="size-4 rounded border-slate-300"
            />
            Leave out rows whose action we do not know
          </label>
        </div>
      </div>
    </details>
  );
}

function DateOrderField({
  value,
  onChange,
}: {
  value: ImportDateOrder;
  onChange: (order: ImportDateOrder) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-900">
        Dates are written
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ImportDateOrder)}
        className={`mt-1.5 ${inputStyles(false)}`}
      >
        {importDateOrders.map((order) => (
          <option key={order} value={order}>
            {importDateOrderLabels[order]}
          </option>
        ))}
      </select>
    </div>
  );
}
