/** Colours of allocation slices, in order; cash is always grey. */
const palette = [
  '#059669',
  '#2563eb',
  '#f59e0b',
  '#7c3aed',
  '#db2777',
  '#0891b2',
  '#65a30d',
  '#ea580c',
  '#4f46e5',
  '#0d9488',
  '#be123c',
  '#a16207',
];

export function sliceColour(key: string, index: number): string {
  if (key === 'cash') return '#cbd5e1';
  return palette[index % palette.length]!;
}
