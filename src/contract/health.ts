import { z } from 'zod';
import { endpoint } from './endpoint.ts';

/** Whether the server can reach its database (for load balancers and monitors). */
export const healthApi = {
  health: endpoint({
    id: 'health', method: 'get', path: '/panda/health', access: 'public', tag: 'Operations', summary: 'Whether the server can reach its database',
    answer: z.object({ status: z.literal('ok'), database: z.literal('ok') }), description: 'Healthy',
    errors: { 503: 'The database does not answer' },
  }),
};
export const HealthDegradedSchema = z.object({ status: z.literal('degraded'), database: z.literal('unreachable') });
