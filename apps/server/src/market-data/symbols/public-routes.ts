import { symbolSearchQuerySchema, symbolSearchResponseSchema } from '@tickerwise/shared';
import type { PublicApi } from '../../public-api/public-api.ts';
import type { SymbolSearch } from './service.ts';

/** Symbol search in the public API, as the search box finds them. */
export function symbolPublicRoutes(api: PublicApi, { search }: { search: SymbolSearch }): void {
  api.get('/symbols', {
    operationId: 'searchSymbols',
    tag: 'Market data',
    summary: 'Find stocks and ETFs by symbol or name',
    description:
      'Best match first: the exact symbol, symbols that start with the query, then names. An empty query finds nothing.',
    query: symbolSearchQuerySchema,
    exampleQuery: { q: 'apple', limit: 5 },
    response: symbolSearchResponseSchema,
    example: {
      query: 'apple',
      results: [
        {
          symbol: 'AAPL',
          name: 'Apple Inc.',
          type: 'stock',
          exchange: 'NASDAQ',
          sector: 'Information Technology',
          industry: 'Technology Hardware, Storage & Peripherals',
          origin: 'reference',
        },
      ],
    },
    handler: ({ query }) => search.search(query),
  });
}
