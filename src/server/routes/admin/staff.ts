import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { staffEndpoints } from '../../../shared/endpoints/desk.ts'
import { recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

/**
 * Which venues each staff member acts for at the desk (docs/desk.md), and which venues each manager
 * runs, to invite staff to (docs/decisions/041), set by an admin (canManageUsers). Each venue added
 * or taken away writes an audit row in that venue's history.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store')
  })

  const venueIdsOf = async (userId: string) =>
    (
      await db
        .selectFrom('venue_staff')
        .select('venue_id')
        .where('user_id', '=', userId)
        .orderBy('venue_id')
        .execute()
    ).map((row) => row.venue_id)

  const staffMember = async (userId: string) => {
    const user = await db
      .selectFrom('users')
      .select(['id', 'role'])
      .where('id', '=', userId)
      .executeTakeFirst()
    if (user?.role !== 'staff' && user?.role !== 'manager') throw new HttpError(404, 'STAFF_NOT_FOUND')
    return user
  }

  app.route({
    ...fromEndpoint(staffEndpoints.list, {
      schema: {
        tags: ['staff'],
        summary: 'Staff accounts with the venues each acts for, and every venue (canManageUsers)',
      },
    }),
    handler: async () => {
      const [users, assignments, venues] = await Promise.all([
        db
          .selectFrom('users')
          .select(['id', 'name', 'email', 'role'])
          .where('role', 'in', ['staff', 'manager'])
          .orderBy('role', 'desc')
          .orderBy('email')
          .execute(),
        db.selectFrom('venue_staff').select(['user_id', 'venue_id']).orderBy('venue_id').execute(),
        db
          .selectFrom('venues')
          .select(['id', 'name_en', 'name_ar'])
          .orderBy('position')
          .orderBy('id')
          .execute(),
      ])
      return {
        staff: users.map((user) => ({
          ...user,
          role: user.role === 'manager' ? ('manager' as const) : ('staff' as const),
          venueIds: assignments.filter((row) => row.user_id === user.id).map((row) => row.venue_id),
        })),
        venues: venues.map((venue) => ({ id: venue.id, name: { en: venue.name_en, ar: venue.name_ar } })),
      }
    },
  })

  app.route({
    ...fromEndpoint(staffEndpoints.venues, {
      schema: {
        tags: ['staff'],
        summary: 'The venues a staff member acts for (canManageUsers)',
      },
    }),
    handler: async (request) => {
      await staffMember(request.params.userId)
      return { userId: request.params.userId, venueIds: await venueIdsOf(request.params.userId) }
    },
  })

  app.route({
    ...fromEndpoint(staffEndpoints.setVenues, {
      schema: {
        tags: ['staff'],
        summary: 'Set the venues a staff member acts for: exactly those listed (canManageUsers)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { userId } = request.params
      const wanted = request.body.venueIds
      await staffMember(userId)
      await db.transaction().execute(async (trx) => {
        if (wanted.length > 0) {
          const known = await trx.selectFrom('venues').select('id').where('id', 'in', wanted).execute()
          if (known.length !== wanted.length) throw new HttpError(422, 'GYM_NOT_FOUND')
        }
        // The staff member's row, locked: two admins saving at once apply one after the other.
        await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute()
        const current = (
          await trx.selectFrom('venue_staff').select('venue_id').where('user_id', '=', userId).execute()
        ).map((row) => row.venue_id)
        const added = wanted.filter((id) => !current.includes(id))
        const removed = current.filter((id) => !wanted.includes(id))
        if (added.length > 0)
          await trx
            .insertInto('venue_staff')
            .values(added.map((venueId) => ({ user_id: userId, venue_id: venueId })))
            .execute()
        if (removed.length > 0)
          await trx
            .deleteFrom('venue_staff')
            .where('user_id', '=', userId)
            .where('venue_id', 'in', removed)
            .execute()
        for (const [venueId, assigned] of [
          ...added.map((id) => [id, true] as const),
          ...removed.map((id) => [id, false] as const),
        ])
          await recordAudit(trx, actor, {
            action: assigned ? 'staff.assign' : 'staff.unassign',
            entityType: 'user',
            entityId: userId,
            venueId,
            before: { assigned: !assigned },
            after: { assigned },
          })
      })
      return { userId, venueIds: await venueIdsOf(userId) }
    },
  })
}
