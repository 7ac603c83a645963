import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import { venueIdSchema } from '../../../shared/catalog-api.ts'
import { venueAdminEndpoints } from '../../../shared/endpoints/venue-admin.ts'
import { E } from '../../../shared/errors.ts'
import { foldForSearch, matchesSearch } from '../../../shared/search-text.ts'
import type { AnnounceCatalogChange } from '../../domain/catalog/catalog-changes.ts'
import { findVenue, listVenues } from '../../domain/venue-admin/repository.ts'
import {
  changeStatus,
  createPass,
  editPass,
  reorderPasses,
  setArchived,
  updateDetails,
  updateNotices,
  updateVat,
} from '../../domain/venue-admin/service.ts'
import { venueDetail } from '../../domain/venue-admin/venue-detail.ts'
import { venueHistory } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

interface VenueAdminDeps {
  db: Database
  announceCatalogChange: AnnounceCatalogChange
  /** The app's clock. */
  now: () => Date
}

const venueParams = z.object({ id: venueIdSchema })
const _passParams = venueParams.extend({
  passId: z
    .string()
    .max(80)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, E.PASS_ID_INVALID),
})

/**
 * The team's venue editor (docs/operating.md): every venue whatever its status, its details, status and
 * passes, and its history. Only for canManageVenues. Each change answers with the venue as the
 * editor shows it, read after the change committed and the catalog was told.
 */
export const venueAdminRoutes: FastifyPluginAsyncZod<VenueAdminDeps> = async (
  app,
  { db, announceCatalogChange, now },
) => {
  // What the team reads is theirs alone and changes with every edit: no copy is kept anywhere.
  app.addHook('onSend', async (_request, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store')
  })

  /** After a committed change: the catalog forgets its copy, then the editor gets the venue anew. */
  const changed = async (id: string, didChange: boolean) => {
    if (didChange) await announceCatalogChange()
    return venueDetail(db, id)
  }

  app.route({
    ...fromEndpoint(venueAdminEndpoints.list, {
      schema: {
        tags: ['venue-admin'],
        summary:
          'Every venue, whatever its status, with passes on sale and today’s bookings (canManageVenues)',
      },
    }),
    handler: async (request) => {
      const rows = await listVenues(db, todayInBahrain(now()))
      const query = request.query.search?.trim() ?? ''
      const found = query
        ? rows.filter((row) =>
            matchesSearch(
              foldForSearch(`${row.name_en} ${row.name_ar} ${row.area_name_en} ${row.area_name_ar}`),
              query,
            ),
          )
        : rows
      return {
        venues: found.map((row) => ({
          id: row.id,
          name: { en: row.name_en, ar: row.name_ar },
          area: { id: row.area_id, name: { en: row.area_name_en, ar: row.area_name_ar } },
          status: row.status,
          activePasses: Number(row.active_passes ?? 0),
          todaysBookings: Number(row.todays_bookings ?? 0),
        })),
      }
    },
  })

  app.route({
    ...fromEndpoint(venueAdminEndpoints.detail, {
      schema: {
        tags: ['venue-admin'],
        summary:
          'One venue as the editor shows it: details, status, passes, photos and hours (canManageVenues)',
      },
    }),
    handler: async (request) => venueDetail(db, request.params.id),
  })

  app.route({
    ...fromEndpoint(venueAdminEndpoints.updateDetails, {
      schema: {
        tags: ['venue-admin'],
        summary: 'Change a venue’s details; 409 when it changed since `updatedAt` (canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { updatedAt, ...form } = request.body
      return changed(request.params.id, await updateDetails(db, actor, request.params.id, form, updatedAt))
    },
  })

  app.route({
    ...fromEndpoint(venueAdminEndpoints.updateNotices, {
      schema: {
        tags: ['venue-admin'],
        summary:
          'Where, how (each, daily digest, off) and in which language the venue hears of its bookings (canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      // Not in the catalog: nothing to announce.
      await updateNotices(db, actor, request.params.id, request.body)
      return venueDetail(db, request.params.id)
    },
  })

  app.route({
    ...fromEndpoint(venueAdminEndpoints.updateVat, {
      schema: {
        tags: ['venue-admin'],
        summary:
          'Whether the venue is VAT-registered, its VAT account number and whether its prices include VAT (canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      // Visitor prices depend on it: the catalog reloads when it changed.
      return changed(request.params.id, await updateVat(db, actor, request.params.id, request.body))
    },
  })

  app.route({
    ...fromEndpoint(venueAdminEndpoints.changeStatus, {
      schema: {
        tags: ['venue-admin'],
        summary:
          'Publish, announce, suspend or withdraw a venue; 422 names what is missing (canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { id } = request.params
      return changed(id, await changeStatus(db, actor, id, request.body.status, now()))
    },
  })

  app.route({
    ...fromEndpoint(venueAdminEndpoints.createPass, {
      schema: {
        tags: ['venue-admin'],
        summary: 'Add a pass to a venue (canManageVenues)',
      },
    }),
    handler: async (request, reply) => {
      const actor = await signedInAccount(request)
      await createPass(db, actor, request.params.id, request.body)
      return reply.code(201).send(await changed(request.params.id, true))
    },
  })

  app.route({
    ...fromEndpoint(venueAdminEndpoints.reorderPasses, {
      schema: {
        tags: ['venue-admin'],
        summary: 'Order a venue’s passes: each of them once (canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      return changed(request.params.id, await reorderPasses(db, actor, request.params.id, request.body.ids))
    },
  })

  app.route({
    ...fromEndpoint(venueAdminEndpoints.editPass, {
      schema: {
        tags: ['venue-admin'],
        summary: 'Change one of the venue’s passes (canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { id, passId } = request.params
      return changed(id, await editPass(db, actor, id, passId, request.body))
    },
  })

  for (const [declared, archived] of [
    [venueAdminEndpoints.archivePass, true],
    [venueAdminEndpoints.restorePass, false],
  ] as const) {
    app.route({
      ...fromEndpoint(declared, {
        schema: {
          tags: ['venue-admin'],
          summary: archived
            ? 'Stop selling a pass; its bookings keep their copy of it (canManageVenues)'
            : 'Sell an archived pass again (canManageVenues)',
        },
      }),
      handler: async (request) => {
        const actor = await signedInAccount(request)
        const { id, passId } = request.params
        return changed(id, await setArchived(db, actor, id, passId, archived, now()))
      },
    })
  }

  app.route({
    ...fromEndpoint(venueAdminEndpoints.history, {
      schema: {
        tags: ['venue-admin'],
        summary: 'A venue’s history, newest first: who changed what, before and after (canManageVenues)',
      },
    }),
    handler: async (request) => {
      // An unknown venue is a 404, not an empty history.
      if (!(await findVenue(db, request.params.id))) throw new HttpError(404, 'GYM_NOT_FOUND')
      return { entries: await venueHistory(db, request.params.id) }
    },
  })
}
