import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { HistoryService } from '../../market-data/index.ts';
import { AllocationYearsService } from './allocation-years.ts';

export interface ToolsOptions {
  history: HistoryService;
  clock: Clock;
}

/**
 * What the public free tools need from the server (docs/PRODUCT.md §3.29): the calendar-year
 * returns the risk assessment's example mixes are measured on. The tools' answers themselves
 * are computed in the browser and never sent here.
 */
export async function registerTools(app: FastifyInstance, options: ToolsOptions): Promise<void> {
  const years = new AllocationYearsService(options.history, () => options.clock().getTime());
  app.get(
    '/api/tools/allocation-years',
    { config: { access: 'public' } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return years.read();
    },
  );
}
