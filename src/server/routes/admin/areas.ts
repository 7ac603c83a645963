import { isDeepStrictEqual } from 'node:util'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { areaEndpoints } from '../../../shared/endpoints/areas.ts'
import {
  deleteUnusedArea,
  insertArea,
  listAdminAreas,
  lockAreas,
  refuseTakenNames,
  updateArea,
} from '../../domain/areas/repository.ts'
import type { AnnounceCatalogChange } from '../../domain/catalog/catalog-changes.ts'
import { firstFree, slugify } from '../../domain/vendors/draft-venue.ts'
import { recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

interface AreaAdminOptions {
  db: Database
  announceCatalogChange: AnnounceCatalogChange
}

/**
 * The team keeps the list of areas (canManageVenues; docs/operating.md, "Areas"): adds one, renames it
 * in both languages, deactivates it (no longer offered; what stands in it keeps it), and deletes one
 * nothing stands in. Each change is audited in its transaction and forgets the cached catalog.
 */
export const areaAdminRoutes: FastifyPluginAsyncZod<AreaAdminOptions> = async (
  app,
  { db, announceCatalogChange },
) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/')) reply.header('cache-control', 'no-store')
  })

  app.route({
    ...fromEndpoint(areaEndpoints.teamList, {
      schema: {
        tags: ['areas'],
        summary: 'Every area, active or not, with the venues and applications in it',
      },
    }),
    handler: async () => ({ areas: await listAdminAreas(db) }),
  })

  app.route({
    ...fromEndpoint(areaEndpoints.create, {
      schema: { tags: ['areas'], summary: 'Add an area, named in English and Arabic (canManageVenues)' },
    }),
    handler: async (request, reply) => {
      const actor = await signedInAccount(request)
      const { nameEn, nameAr } = request.body
      await db.transaction().execute(async (trx) => {
        const areas = await lockAreas(trx)
        refuseTakenNames(areas, request.body)
        // The id is the English name as a slug, kept when the area is renamed: links stay good.
        const base = slugify(nameEn, 40) || 'area'
        const area = { id: firstFree(base, new Set(areas.map((a) => a.id))), nameEn, nameAr, active: true }
        await insertArea(trx, area)
        await recordAudit(trx, actor, {
          action: 'area.create',
          entityType: 'area',
          entityId: area.id,
          after: area,
        })
      })
      await announceCatalogChange()
      reply.status(201)
      return { areas: await listAdminAreas(db) }
    },
  })

  app.route({
    ...fromEndpoint(areaEndpoints.update, {
      schema: {
        tags: ['areas'],
        summary: 'Rename an area, or deactivate or reactivate it (canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { id } = request.params
      await db.transaction().execute(async (trx) => {
        const areas = await lockAreas(trx)
        const before = areas.find((area) => area.id === id)
        if (!before) throw new HttpError(404, 'AREA_NOT_FOUND')
        const after = { id, ...request.body }
        if (isDeepStrictEqual(before, after)) return
        refuseTakenNames(areas, after, id)
        await updateArea(trx, after)
        await recordAudit(trx, actor, {
          action: 'area.update',
          entityType: 'area',
          entityId: id,
          before,
          after,
        })
      })
      await announceCatalogChange()
      return { areas: await listAdminAreas(db) }
    },
  })

  app.route({
    ...fromEndpoint(areaEndpoints.remove, {
      schema: { tags: ['areas'], summary: 'Delete an area no venue or application is in (canManageVenues)' },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { id } = request.params
      await db.transaction().execute(async (trx) => {
        const before = (await lockAreas(trx)).find((area) => area.id === id)
        if (!before) throw new HttpError(404, 'AREA_NOT_FOUND')
        if (!(await deleteUnusedArea(trx, id))) throw new HttpError(409, 'AREA_IN_USE')
        await recordAudit(trx, actor, { action: 'area.delete', entityType: 'area', entityId: id, before })
      })
      await announceCatalogChange()
      return { areas: await listAdminAreas(db) }
    },
  })
}
