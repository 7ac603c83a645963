import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { deskEndpoints } from '../../shared/endpoints/desk.ts'
import { checkInParty, deskParty, takePartyPayment, undoPartyPayment } from '../domain/desk/party.ts'
import { redeem } from '../domain/desk/redeem.ts'
import { listDeskVenues } from '../domain/desk/repository.ts'
import { deskScope } from '../domain/desk/scope.ts'
import {
  clearBookingNoShow,
  deskDay,
  giveDeskPaymentBack,
  markBookingNoShow,
  takeDeskPayment,
} from '../domain/desk/service.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { byAccount, byClient, limitBy } from '../platform/http/rate-limits.ts'
import { signedInAccount } from '../platform/identity/guards.ts'

interface DeskDeps {
  db: Database
  /** AUTH_SECRET: a scanned ticket's signature is checked with it. */
  secret: string
  /** The app's clock. */
  now: () => Date
  /** How long after a check-in the visit's review invitation is sent (REVIEW_INVITE_DELAY_MINUTES). */
  reviewInviteDelayMs: number
}

/**
 * A busy desk scans a visitor every few seconds; this only stops a script guessing references.
 * Counted per client address and per account, so neither many addresses nor many accounts behind
 * one address go faster.
 */
export const redeemRateLimit = { max: 120, timeWindow: 60_000 }

/**
 * The bookings desk (docs/desk.md), for canManageBookings: staff act for the venues they are assigned
 * to, managers and admins for all. The scope is read on every request (scope.ts); a venue outside
 * it is a 403, a booking outside it a 404.
 */
export const deskRoutes: FastifyPluginAsyncZod<DeskDeps> = async (
  app,
  { db, secret, now, reviewInviteDelayMs },
) => {
  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store')
  })
  const caller = async (request: Parameters<typeof signedInAccount>[0]) => {
    const actor = await signedInAccount(request)
    return { actor, scope: await deskScope(db, actor) }
  }

  app.route({
    ...fromEndpoint(deskEndpoints.venues, {
      schema: {
        tags: ['desk'],
        summary: 'The venues the caller may act for at the desk (canManageBookings)',
      },
    }),
    handler: async (request) => {
      const { scope } = await caller(request)
      const rows = await listDeskVenues(db, scope)
      return {
        venues: rows.map((row) => ({
          id: row.id,
          name: { en: row.name_en, ar: row.name_ar },
          checkInOpensMinutes: row.check_in_opens_minutes,
          checkInClosesMinutes: row.check_in_closes_minutes,
        })),
      }
    },
  })

  app.route({
    ...fromEndpoint(deskEndpoints.day, {
      schema: {
        tags: ['desk'],
        summary:
          'A venue’s bookings on a date by hourly slot, with counts; search by name, e-mail, mobile or reference',
      },
    }),
    handler: async (request) => {
      const { scope } = await caller(request)
      const { venue, date, search } = request.query
      return deskDay(db, scope, venue, date, search)
    },
  })

  app.route({
    ...fromEndpoint(deskEndpoints.redeem, {
      onRequest: [
        limitBy(app, { ...redeemRateLimit, name: 'desk-redeem', by: byClient }),
        limitBy(app, { ...redeemRateLimit, name: 'desk-redeem-account', by: byAccount }),
      ],
      schema: {
        tags: ['desk'],
        summary:
          'Check a visitor in from a scanned ticket or a typed reference; says why not otherwise, and whether the ticket’s signature was checked. The camera (entry: camera) takes only a signed ticket. A retry with the same nonce gets the same answer',
      },
    }),
    handler: async (request) => {
      const { actor, scope } = await caller(request)
      return redeem({ db, secret, reviewInviteDelayMs }, actor, scope, request.body, now())
    },
  })

  app.route({
    ...fromEndpoint(deskEndpoints.takePayment, {
      schema: {
        tags: ['desk'],
        summary: 'Record payment at the desk for a pay-at-venue booking; 409 when nothing is due',
      },
    }),
    handler: async (request) => {
      const { actor, scope } = await caller(request)
      return {
        booking: await takeDeskPayment(db, actor, scope, request.params.id, request.body.method, now()),
      }
    },
  })

  app.route({
    ...fromEndpoint(deskEndpoints.party, {
      schema: {
        tags: ['desk'],
        summary: 'The party a visit belongs to: its order’s visits at the venue on the date, and what is due',
      },
    }),
    handler: async (request) => {
      const { scope } = await caller(request)
      return { party: await deskParty(db, scope, request.params.id) }
    },
  })

  app.route({
    ...fromEndpoint(deskEndpoints.checkInParty, {
      schema: {
        tags: ['desk'],
        summary:
          'Check in every visit of the party that may be checked in now, in one transaction; a repeat checks in nobody twice',
      },
    }),
    handler: async (request) => {
      const { actor, scope } = await caller(request)
      return checkInParty(
        { db, reviewInviteDelayMs },
        actor,
        scope,
        request.params.id,
        request.body.override ?? false,
        now(),
      )
    },
  })

  app.route({
    ...fromEndpoint(deskEndpoints.takePartyPayment, {
      schema: {
        tags: ['desk'],
        summary:
          'Record payment at the desk for every visit of the party still due, the sum at once; 409 when nothing is due',
      },
    }),
    handler: async (request) => {
      const { actor, scope } = await caller(request)
      return takePartyPayment(db, actor, scope, request.params.id, request.body.method, now())
    },
  })

  app.route({
    ...fromEndpoint(deskEndpoints.undoPartyPayment, {
      schema: {
        tags: ['desk'],
        summary:
          'Undo collect: take back the desk payments of the party’s visits not yet checked in, audited; 409 when none is left to undo',
      },
    }),
    handler: async (request) => {
      const { actor, scope } = await caller(request)
      return undoPartyPayment(db, actor, scope, request.params.id, now())
    },
  })

  app.route({
    // canManageVenues (the declaration): giving money back is a manager's decision.
    ...fromEndpoint(deskEndpoints.givePaymentBack, {
      schema: {
        tags: ['desk'],
        summary:
          'Record that a cancelled visit’s desk payment was given back at the desk (managers); recording again changes nothing',
      },
    }),
    handler: async (request) => {
      const { actor, scope } = await caller(request)
      return {
        booking: await giveDeskPaymentBack(db, actor, scope, request.params.id, request.body.method, now()),
      }
    },
  })

  app.route({
    ...fromEndpoint(deskEndpoints.markNoShow, {
      schema: {
        tags: ['desk'],
        summary: 'Mark a visit of today or before, not checked in, as a no-show',
      },
    }),
    handler: async (request) => {
      const { actor, scope } = await caller(request)
      return { booking: await markBookingNoShow(db, actor, scope, request.params.id, now()) }
    },
  })

  app.route({
    ...fromEndpoint(deskEndpoints.clearNoShow, {
      schema: {
        tags: ['desk'],
        summary: 'Take a no-show mark back, until the end of the day after the visit',
      },
    }),
    handler: async (request) => {
      const { actor, scope } = await caller(request)
      return { booking: await clearBookingNoShow(db, actor, scope, request.params.id, now()) }
    },
  })
}
