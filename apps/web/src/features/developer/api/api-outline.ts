import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** One operation of the public API, as its description names it. */
export interface ApiOperation {
  method: string;
  path: string;
  summary: string;
}

/** The public API's sections and what each offers, from its OpenAPI document. */
export interface ApiOutline {
  sections: { name: string; description: string; operations: ApiOperation[] }[];
}

interface OpenApiLike {
  tags?: { name: string; description?: string }[];
  paths?: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
}

/**
 * `GET /api/v1/openapi.json`, read for what the API offers: the same document the reference
 * shows, so the list is never longer or shorter than the API itself.
 */
export async function getApiOutline(): Promise<ApiOutline> {
  const document = await apiRequest<OpenApiLike>('/api/v1/openapi.json');
  const sections = (document.tags ?? []).map((tag) => ({
    name: tag.name,
    description: tag.description ?? '',
    operations: [] as ApiOperation[],
  }));
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const section = sections.find((candidate) => operation.tags?.includes(candidate.name));
      section?.operations.push({
        method: method.toUpperCase(),
        path: `/api/v1${path}`,
        summary: operation.summary ?? '',
      });
    }
  }
  return { sections: sections.filter((section) => section.operations.length > 0) };
}

export function useApiOutline() {
  return useQuery(
    queryOptions({
      queryKey: ['api-outline'],
      queryFn: getApiOutline,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
