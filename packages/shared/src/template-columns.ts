// The portfolio import template's columns, apart from portfolio-import.ts's schemas: the
// templates page writes the file from them without loading zod (ADR 77).

/** The template's columns, in the order the export writes them. */
export const templateColumns = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'fees',
  'amount',
  'ratio',
  'note',
] as const;
export type TemplateColumn = (typeof templateColumns)[number];
/** Columns an import in our template cannot do without. */
export const requiredTemplateColumns: readonly TemplateColumn[] = ['date', 'type'];
