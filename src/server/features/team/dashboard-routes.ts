import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sql } from 'kysely'
import { slotStart, todayInBahrain } from '../../../shared/bahrain-time.ts'
import { dashboardSchema } from '../../../shared/team.ts'
import type { Database } from '../../db/database.ts'
import { requirePermission, signedInAccount } from '../../identity/guards.ts'
import { type DeskScope, deskScope } from '../desk/scope.ts'

/**
 * Today in Bahrain, in figures (SQL kept in one query: each figure is a FILTER over the day's rows).
 * `bookings` and `paidOnlineFils` count what was booked today; the visitors and what is due at the
 * venues count today's visits. Staff see their venues' figures only (docs/operating.md, scoping).
 */
export async function todaysFigures(db: Database, today: string, scope: DeskScope) {
  const dayStart = slotStart(today, '00:00')
  const dayEnd = new Date(dayStart.getTime() + 24 * 3600 * 1000)
  const venues = scope.kind === 'all' ? null : scope.venueIds
  if (venues?.length === 0)
    return { bookings: 0, expected: 0, checkedIn: 0, paidOnlineFils: 0, dueAtVenueFils: 0 }
  const inScope = venues ? sql`AND gym_id IN (${sql.join(venues)})` : sql``
  const { rows } = await sql<Record<string, string | number | null>>`
    SELECT
      count(*) FILTER (WHERE created_at >= ${dayStart} AND created_at < ${dayEnd}) AS bookings,
      count(*) FILTER (WHERE booking_date = ${today} AND cancelled_at IS NULL) AS expected,
      count(*) FILTER (WHERE booking_date = ${today} AND checked_in_at IS NOT NULL) AS checked_in,
      coalesce(sum(price_fils) FILTER (WHERE created_at >= ${dayStart} AND created_at < ${dayEnd}
        AND payment_status = 'paid'), 0) AS paid_online,
      coalesce(sum(price_fils) FILTER (WHERE booking_date = ${today} AND payment_status = 'pay at venue'
        AND desk_paid_at IS NULL AND cancelled_at IS NULL), 0) AS due_at_venue
    FROM confirmed_bookings
    WHERE ((created_at >= ${dayStart} AND created_at < ${dayEnd}) OR booking_date = ${today}) ${inScope}
  `.execute(db)
  const row = rows[0] ?? {}
  return {
    bookings: Number(row.bookings ?? 0),
    expected: Number(row.expected ?? 0),
    checkedIn: Number(row.checked_in ?? 0),
    paidOnlineFils: Number(row.paid_online ?? 0),
    dueAtVenueFils: Number(row.due_at_venue ?? 0),
  }
}

export const dashboardRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get(
    '/api/admin/dashboard',
    {
      preHandler: requirePermission('canViewDashboard'),
      schema: {
        tags: ['dashboard'],
        summary: 'Today in Bahrain: bookings, visitors, revenue and waiting applications (canViewDashboard)',
        response: { 200: dashboardSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const viewer = await signedInAccount(request)
      const scope = await deskScope(db, viewer)
      const today = todayInBahrain(now())
      const [figures, waiting] = await Promise.all([
        todaysFigures(db, today, scope),
        // Applications are the venue managers' business; staff see none.
        scope.kind === 'all'
          ? db
              .selectFrom('vendor_applications')
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .where('status', '=', 'pending')
              .executeTakeFirstOrThrow()
          : { n: '0' },
      ])
      return { date: today, ...figures, applicationsWaiting: Number(waiting.n) }
    },
  )
}
