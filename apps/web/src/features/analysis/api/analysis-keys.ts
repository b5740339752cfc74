/** Query keys of the AI analyst, so opening an analysis can refresh what it changed. */
export const analysisKeys = {
  all: ['analysis'] as const,
  stock: (symbol: string) => ['analysis', symbol.toUpperCase()] as const,
  recent: ['analysis', 'recent'] as const,
};
