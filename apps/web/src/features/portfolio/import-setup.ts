import {
  type BrokerMapping,
  type BrokerPresetId,
  brokerFields,
  brokerPresets,
  detectBrokerPreset,
  findHeaderRow,
  guessBrokerMapping,
  guessDateOrder,
  type ImportDateOrder,
  type ImportFormat,
  isTemplateHeader,
  optionalBrokerFields,
  parseCsv,
  presetMapping,
} from '@tickerwise/shared';

/** What the import dialog proposes for a file before the server reads it all. */
export interface ImportSetup {
  headers: string[];
  format: ImportFormat;
  /** The broker the file is from, when its headers are a known export's. */
  preset?: BrokerPresetId;
  mapping: Partial<BrokerMapping>;
  dateOrder: ImportDateOrder;
  /** The sample's values of each column, to guess the date order again when remapped. */
  sample: string[][];
}

/** Rows read in the browser to propose a setup: the header and a sample of dates. */
const sampleLines = 60;

/**
 * Reads the top of a file: our template when its header has our columns, else a broker's
 * export (its header found below any title or blank lines), with the broker's preset when the
 * headers are a known export's or else a mapping proposed from the headers; the date order
 * from the sample's dates (totals and notes under them do not count).
 */
export function proposeSetup(text: string): ImportSetup {
  const top = text
    .split(/\r\n|\n|\r/)
    .slice(0, sampleLines)
    .join('\n');
  const rows = parseCsv(top);
  const headerAt = findHeaderRow(rows);
  const headers = (rows[headerAt] ?? []).map((header) => header.trim());
  const sample = rows.slice(headerAt + 1);
  if (isTemplateHeader(headers)) {
    const base = { headers, format: 'tickerwise' as const, mapping: {}, sample };
    return { ...base, dateOrder: guessDateOrder(columnValues(base, 'date')) };
  }
  return withPreset(
    { headers, format: 'broker', mapping: {}, dateOrder: 'ymd', sample },
    detectBrokerPreset(headers),
  );
}

/**
 * The setup with a broker's preset (its columns and date order), or with none: the mapping
 * proposed from the headers and the date order from the dates.
 */
export function withPreset(setup: ImportSetup, preset: BrokerPresetId | undefined): ImportSetup {
  const mapping = preset ? presetMapping(preset, setup.headers) : guessBrokerMapping(setup.headers);
  const next: ImportSetup = { ...setup, mapping, preset };
  if (!preset) delete next.preset;
  // A broker writes its dates one way; a file of another broker is read by its dates.
  next.dateOrder = preset
    ? brokerPresets[preset].dateOrder
    : guessDateOrder(columnValues(next, mapping.date));
  return next;
}

function columnValues(setup: Pick<ImportSetup, 'headers' | 'sample'>, header?: string): string[] {
  const index = setup.headers.findIndex((name) => name.toLowerCase() === header?.toLowerCase());
  return index >= 0 ? setup.sample.map((row) => row[index] ?? '').filter(Boolean) : [];
}

/** The broker fields still to map before the file can be checked (action, amount and fees may stay unmapped). */
export function unmappedFields(mapping: Partial<BrokerMapping>): string[] {
  return brokerFields.filter((field) => !optionalBrokerFields.includes(field) && !mapping[field]);
}
