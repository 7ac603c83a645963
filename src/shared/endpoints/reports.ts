import { z } from 'zod'
import { reportQuerySchema, reportSchema, statementQuerySchema, statementSchema } from '../reports.ts'
import { endpoint } from './define.ts'

/** Reports and venue statements, as JSON and CSV (docs/reports.md): managers and admins alone. */
export const reportEndpoints = {
  report: endpoint({
    method: 'GET',
    path: '/api/admin/reports',
    access: 'canViewReports',
    querystring: reportQuerySchema,
    response: { 200: reportSchema },
  }),
  reportCsv: endpoint({
    method: 'GET',
    path: '/api/admin/reports/csv',
    access: 'canViewReports',
    querystring: reportQuerySchema,
    response: { 200: z.string() },
  }),
  statement: endpoint({
    method: 'GET',
    path: '/api/admin/statements',
    access: 'canViewReports',
    querystring: statementQuerySchema,
    response: { 200: statementSchema },
  }),
  statementCsv: endpoint({
    method: 'GET',
    path: '/api/admin/statements/csv',
    access: 'canViewReports',
    querystring: statementQuerySchema,
    response: { 200: z.string() },
  }),
}
