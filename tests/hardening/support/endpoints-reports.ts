import { z } from 'zod'
import { reportSchema, statementSchema } from '../../../src/shared/reports.ts'
import type { EndpointSpec } from './endpoints.ts'
import type { HardeningContext } from './hardening-app.ts'

/**
 * Reports and statements, as a manager. The CSV answers are text, not JSON: a well-formed request
 * gets no JSON body at all.
 */
export function reportSpecs(c: () => HardeningContext): EndpointSpec[] {
  const headers = () => ({ cookie: c().managerCookie })
  const report = { from: '2026-12-01', to: '2026-12-31', venue: 'manama-marina-hotel' }
  const statement = { venue: 'manama-marina-hotel', month: '2026-12' }
  return [
    {
      key: 'GET /api/admin/reports',
      base: () => ({ method: 'GET', route: '/api/admin/reports', query: report, headers: headers() }),
      optional: ['venue'],
      control: 200,
      ok: reportSchema,
    },
    {
      key: 'GET /api/admin/reports/csv',
      base: () => ({ method: 'GET', route: '/api/admin/reports/csv', query: report, headers: headers() }),
      optional: ['venue'],
      control: 200,
      ok: z.undefined(),
    },
    {
      key: 'GET /api/admin/statements',
      base: () => ({ method: 'GET', route: '/api/admin/statements', query: statement, headers: headers() }),
      control: 200,
      ok: statementSchema,
    },
    {
      key: 'GET /api/admin/statements/csv',
      base: () => ({
        method: 'GET',
        route: '/api/admin/statements/csv',
        query: statement,
        headers: headers(),
      }),
      control: 200,
      ok: z.undefined(),
    },
  ]
}
