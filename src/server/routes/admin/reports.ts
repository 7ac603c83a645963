import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { reportEndpoints } from '../../../shared/endpoints/reports.ts'
import { csvFileName, reportCsv, statementCsv } from '../../domain/reports/csv.ts'
import { buildReport, buildStatement } from '../../domain/reports/service.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'

/**
 * Reports and venue statements (docs/reports.md): managers and admins (canViewReports), for every venue.
 * Staff have no such permission, so nothing here is scoped to a staff member's venues; the guard
 * runs on every endpoint, the CSV downloads included.
 */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store')
  })
  const csv = (reply: FastifyReply, name: string, body: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      // A byte-order mark, so spreadsheet programs read the Arabic names as UTF-8.
      .send(`\uFEFF${body}`)

  app.route({
    ...fromEndpoint(reportEndpoints.report, {
      schema: {
        tags: ['reports'],
        summary:
          'Bookings, check-ins, no-shows, cancellations, revenue online and at the venue, refunds and the average price, by day and by venue (canViewReports)',
      },
    }),
    handler: async (request) => {
      const { from, to, venue } = request.query
      return buildReport(db, from, to, venue)
    },
  })

  app.route({
    ...fromEndpoint(reportEndpoints.reportCsv, {
      schema: {
        tags: ['reports'],
        summary: 'The same report as CSV: each day, each venue, then the total (canViewReports)',
      },
    }),
    handler: async (request, reply) => {
      const { from, to, venue } = request.query
      const report = await buildReport(db, from, to, venue)
      return csv(
        reply,
        csvFileName('report', from, to, ...(venue ? [venue] : [])),
        reportCsv(report, request.language),
      )
    },
  })

  app.route({
    ...fromEndpoint(reportEndpoints.statement, {
      schema: {
        tags: ['reports'],
        summary:
          'A venue’s monthly statement: each visit charged, its commission, who collected the money and the balance owed (canViewReports)',
      },
    }),
    handler: async (request) => buildStatement(db, request.query.venue, request.query.month),
  })

  app.route({
    ...fromEndpoint(reportEndpoints.statementCsv, {
      schema: {
        tags: ['reports'],
        summary: 'The statement as CSV: each visit, then the total (canViewReports)',
      },
    }),
    handler: async (request, reply) => {
      const { venue, month } = request.query
      const statement = await buildStatement(db, venue, month)
      return csv(reply, csvFileName('statement', venue, month), statementCsv(statement, request.language))
    },
  })
}
