import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { userEndpoints } from '../../../shared/endpoints/team.ts'
import { userPageSize } from '../../../shared/team.ts'
import { withdrawInvitationsSentBy } from '../../domain/invitations/service.ts'
import {
  allVenueNames,
  findUser,
  lockActiveAdmins,
  lockUser,
  searchUsers,
  setActive,
  setRole,
  toTeamUser,
  userFacts,
  userHistory,
} from '../../domain/team/users-repository.ts'
import { recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

/**
 * The team's users (canManageUsers): search, role, activation. Every change writes an audit row
 * about the account in the same transaction. The last active admin can be neither demoted nor
 * deactivated: the rule is checked with every active admin's row locked, so two admins demoting
 * each other at once cannot both succeed. Staff venues are set by staff-routes.ts (desk feature).
 */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store')
  })

  const detail = async (userId: string) => {
    const row = await findUser(db, userId)
    if (!row) throw new HttpError(404, 'ACCOUNT_NOT_FOUND')
    const [facts, venues, history] = await Promise.all([
      userFacts(db, userId),
      allVenueNames(db),
      userHistory(db, userId),
    ])
    return { user: { ...toTeamUser(row), ...facts }, venues, history }
  }

  /**
   * The account, locked, after every active admin's row: each change takes the admins' locks first
   * and in one order, so two changes never wait on each other in a circle.
   */
  const lockTarget = async (trx: Database, userId: string) => {
    const admins = await lockActiveAdmins(trx)
    const target = await lockUser(trx, userId)
    if (!target) throw new HttpError(404, 'ACCOUNT_NOT_FOUND')
    return { target, lastAdmin: admins.length <= 1 && admins.includes(userId) }
  }

  app.route({
    ...fromEndpoint(userEndpoints.list, {
      schema: {
        tags: ['users'],
        summary: 'Accounts by e-mail or name, 20 a page (canManageUsers)',
      },
    }),
    handler: async (request) => {
      const { search, page } = request.query
      const found = await searchUsers(db, search, page)
      return { ...found, page, pageSize: userPageSize }
    },
  })

  app.route({
    ...fromEndpoint(userEndpoints.detail, {
      schema: {
        tags: ['users'],
        summary: 'An account: role, activation, last sign-in, bookings, staff venues, history',
      },
    }),
    handler: (request) => detail(request.params.userId),
  })

  app.route({
    ...fromEndpoint(userEndpoints.changeRole, {
      schema: {
        tags: ['users'],
        summary: 'Change an account’s role; only an admin gives admin (canManageUsers)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { userId } = request.params
      const { role } = request.body
      if (role === 'admin' && actor.role !== 'admin') throw new HttpError(403, 'ADMIN_ONLY_GRANT')
      await db.transaction().execute(async (trx) => {
        const { target, lastAdmin } = await lockTarget(trx, userId)
        if (target.role === role) return
        if (lastAdmin) throw new HttpError(409, 'LAST_ADMIN')
        await setRole(trx, userId, role)
        await recordAudit(trx, actor, {
          action: 'user.role',
          entityType: 'user',
          entityId: userId,
          before: { role: target.role },
          after: { role },
        })
      })
      return detail(userId)
    },
  })

  for (const [declared, active] of [
    [userEndpoints.deactivate, false],
    [userEndpoints.reactivate, true],
  ] as const) {
    app.route({
      ...fromEndpoint(declared, {
        schema: {
          tags: ['users'],
          summary: active
            ? 'Let a deactivated account sign in again (canManageUsers)'
            : 'Deactivate an account and end all its sessions at once (canManageUsers)',
        },
      }),
      handler: async (request) => {
        const actor = await signedInAccount(request)
        const { userId } = request.params
        await db.transaction().execute(async (trx) => {
          const { target, lastAdmin } = await lockTarget(trx, userId)
          if ((target.deactivated_at === null) === active) return
          if (lastAdmin) throw new HttpError(409, 'LAST_ADMIN')
          await setActive(trx, userId, active)
          // Their pending invitations end with them: an invitation speaks for its sender.
          if (!active) await withdrawInvitationsSentBy(trx, actor, userId, now())
          await recordAudit(trx, actor, {
            action: active ? 'user.reactivate' : 'user.deactivate',
            entityType: 'user',
            entityId: userId,
            before: { active: !active },
            after: { active },
          })
        })
        return detail(userId)
      },
    })
  }
}
