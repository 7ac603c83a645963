import { isDeepStrictEqual } from 'node:util'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { todayInBahrain } from '../../../shared/bahrain-time.ts'
import { contentEndpoints, settingsEndpoints } from '../../../shared/endpoints/team.ts'
import type { AnnounceCatalogChange } from '../../domain/catalog/catalog-changes.ts'
import {
  deleteHoliday,
  findHoliday,
  holidaysOfYear,
  insertHoliday,
  readAnnouncement,
  readContact,
  writeAnnouncement,
  writeContact,
} from '../../domain/team/settings-repository.ts'
import { recordAudit } from '../../platform/audit/audit-log.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { HttpError } from '../../platform/http/errors.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

interface SettingsOptions {
  db: Database
  announceCatalogChange: AnnounceCatalogChange
  now: () => Date
}

/** Saving what is already there writes nothing, not even an audit row. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b)
const yearOf = (date: string) => Number(date.slice(0, 4))

/**
 * Settings (canAccessSettings): the public holidays that decide holiday prices, and the team's
 * contact details shown in mails. Content (canEditContent): the home page's announcement.
 * A holiday change reprices quotes from then on (the catalog forgets its copy at once); a booking
 * keeps the price it was written with.
 */
export const settingsRoutes: FastifyPluginAsyncZod<SettingsOptions> = async (
  app,
  { db, announceCatalogChange, now },
) => {
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/admin/')) reply.header('cache-control', 'no-store')
  })

  app.route({
    ...fromEndpoint(settingsEndpoints.holidays, {
      schema: {
        tags: ['settings'],
        summary: 'A year’s public holidays (canAccessSettings)',
      },
    }),
    handler: async (request) => ({
      year: request.query.year,
      holidays: await holidaysOfYear(db, request.query.year),
    }),
  })

  app.route({
    ...fromEndpoint(settingsEndpoints.addHoliday, {
      schema: {
        tags: ['settings'],
        summary: 'Add a public holiday (canAccessSettings)',
      },
    }),
    handler: async (request, reply) => {
      const actor = await signedInAccount(request)
      const holiday = request.body
      await db.transaction().execute(async (trx) => {
        if (!(await insertHoliday(trx, holiday))) throw new HttpError(409, 'HOLIDAY_EXISTS')
        await recordAudit(trx, actor, {
          action: 'holiday.create',
          entityType: 'holiday',
          entityId: holiday.date,
          after: holiday,
        })
      })
      await announceCatalogChange()
      reply.status(201)
      return { year: yearOf(holiday.date), holidays: await holidaysOfYear(db, yearOf(holiday.date)) }
    },
  })

  app.route({
    ...fromEndpoint(settingsEndpoints.editHoliday, {
      schema: {
        tags: ['settings'],
        summary: 'Correct a public holiday’s date or names (canAccessSettings)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const holiday = request.body
      await db.transaction().execute(async (trx) => {
        const before = await findHoliday(trx, request.params.date)
        if (!before) throw new HttpError(404, 'HOLIDAY_NOT_FOUND')
        if (same(before, holiday)) return
        await deleteHoliday(trx, before.date)
        if (!(await insertHoliday(trx, holiday))) throw new HttpError(409, 'HOLIDAY_EXISTS')
        await recordAudit(trx, actor, {
          action: 'holiday.update',
          entityType: 'holiday',
          entityId: holiday.date,
          before,
          after: holiday,
        })
      })
      await announceCatalogChange()
      return { year: yearOf(holiday.date), holidays: await holidaysOfYear(db, yearOf(holiday.date)) }
    },
  })

  app.route({
    ...fromEndpoint(settingsEndpoints.removeHoliday, {
      schema: {
        tags: ['settings'],
        summary: 'Remove a public holiday (canAccessSettings)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { date } = request.params
      await db.transaction().execute(async (trx) => {
        const before = await findHoliday(trx, date)
        if (!before) throw new HttpError(404, 'HOLIDAY_NOT_FOUND')
        await deleteHoliday(trx, date)
        await recordAudit(trx, actor, {
          action: 'holiday.delete',
          entityType: 'holiday',
          entityId: date,
          before,
        })
      })
      await announceCatalogChange()
      return { year: yearOf(date), holidays: await holidaysOfYear(db, yearOf(date)) }
    },
  })

  app.route({
    ...fromEndpoint(settingsEndpoints.contact, {
      schema: {
        tags: ['settings'],
        summary: 'The team’s contact address and support line, as mails show them (canAccessSettings)',
      },
    }),
    handler: () => readContact(db),
  })

  app.route({
    ...fromEndpoint(settingsEndpoints.saveContact, {
      schema: {
        tags: ['settings'],
        summary: 'Set the team’s contact address and support line (canAccessSettings)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      await db.transaction().execute(async (trx) => {
        const before = await readContact(trx)
        if (same(before, request.body)) return
        await writeContact(trx, request.body)
        await recordAudit(trx, actor, {
          action: 'settings.contact',
          entityType: 'setting',
          entityId: 'team_contact',
          before,
          after: request.body,
        })
      })
      return readContact(db)
    },
  })

  app.route({
    ...fromEndpoint(contentEndpoints.announcement, {
      schema: {
        tags: ['content'],
        summary: 'The home page’s announcement banner (canEditContent)',
      },
    }),
    handler: () => readAnnouncement(db),
  })

  app.route({
    ...fromEndpoint(contentEndpoints.saveAnnouncement, {
      schema: {
        tags: ['content'],
        summary: 'Set or clear the home page’s announcement, in English and Arabic (canEditContent)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      await db.transaction().execute(async (trx) => {
        const before = await readAnnouncement(trx)
        if (same(before, request.body)) return
        await writeAnnouncement(trx, request.body)
        await recordAudit(trx, actor, {
          action: 'content.announcement',
          entityType: 'setting',
          entityId: 'announcement',
          before,
          after: request.body,
        })
      })
      return readAnnouncement(db)
    },
  })

  app.route({
    ...fromEndpoint(contentEndpoints.publicAnnouncement, {
      schema: {
        tags: ['content'],
        summary: 'The announcement the home page shows now, if any',
      },
    }),
    handler: async () => {
      const { en, ar, endsOn } = await readAnnouncement(db)
      const running = Boolean(en && ar) && (!endsOn || endsOn >= todayInBahrain(now()))
      return { announcement: running ? { en, ar } : null }
    },
  })
}
