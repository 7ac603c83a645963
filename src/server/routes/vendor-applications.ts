import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { vendorEndpoints } from '../../shared/endpoints/vendors.ts'
import type { AnnounceCatalogChange } from '../domain/catalog/catalog-changes.ts'
import { readApplicationStatus } from '../domain/vendors/application-status.ts'
import { findApplication, listApplications } from '../domain/vendors/repository.ts'
import { approveApplication, declineApplication } from '../domain/vendors/review.ts'
import { submitApplication } from '../domain/vendors/service.ts'
import type { Database } from '../platform/db/database.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError } from '../platform/http/errors.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'
import { signedInAccount } from '../platform/identity/guards.ts'

/** Applications one client IP may send: open to anyone, so limited per client like the contact form. */
export const vendorApplicationRateLimit = { max: 5, timeWindow: 10 * 60_000 }
/** Status pages one client may open: the link is the key, so guessing is kept slow. */
export const statusLinkRateLimit = { max: 60, timeWindow: 15 * 60_000 }

interface VendorDeps {
  db: Database
  teamEmail: string
  siteUrl: string
  /** AUTH_SECRET: signs the applicant's status link (docs/decisions/041). */
  secret: string
  now: () => Date
  /** Called once an approval's draft venue has committed (docs/decisions/021). */
  announceCatalogChange: AnnounceCatalogChange
}

/**
 * Venue applications (docs/decisions/002): anyone may apply, since venue owners have no account;
 * only accounts that can manage venues may read them.
 */
export const vendorRoutes: FastifyPluginAsyncZod<VendorDeps> = async (
  app,
  { db, teamEmail, siteUrl, secret, now, announceCatalogChange },
) => {
  app.route({
    ...fromEndpoint(vendorEndpoints.apply, {
      onRequest: limitBy(app, { ...vendorApplicationRateLimit, name: 'ip', by: byClient }),
      schema: {
        tags: ['vendors'],
        summary: 'Apply to list a venue; the venue and the team are e-mailed',
      },
    }),
    handler: async (request, reply) => {
      const id = await submitApplication(db, request.body, request.language, {
        teamEmail,
        siteUrl,
      })
      return reply.code(201).send({ id, status: 'pending' as const })
    },
  })

  app.route({
    ...fromEndpoint(vendorEndpoints.status, {
      onRequest: limitBy(app, { ...statusLinkRateLimit, name: 'ip', by: byClient }),
      schema: {
        tags: ['vendors'],
        summary: 'Where an application stands, behind the signed link in its confirmation mail',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      return readApplicationStatus(db, secret, request.params.token, now())
    },
  })

  app.route({
    ...fromEndpoint(vendorEndpoints.list, {
      schema: {
        tags: ['vendors'],
        summary: 'Venue applications, newest first (needs canManageVenues)',
      },
    }),
    handler: async (_request, reply) => {
      // Applicants' personal data: no browser or proxy may keep a copy.
      reply.header('cache-control', 'no-store')
      return { applications: await listApplications(db) }
    },
  })

  app.route({
    ...fromEndpoint(vendorEndpoints.detail, {
      schema: {
        tags: ['vendors'],
        summary: 'One venue application with everything it holds (needs canManageVenues)',
      },
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const application = await findApplication(db, request.params.id)
      if (!application) throw new HttpError(404, 'APPLICATION_NOT_FOUND')
      return application
    },
  })

  /** The application as it now stands, for the answer to a decision. */
  async function decided(id: number) {
    const application = await findApplication(db, id)
    if (!application) throw new HttpError(404, 'APPLICATION_NOT_FOUND')
    return application
  }

  app.route({
    ...fromEndpoint(vendorEndpoints.approve, {
      schema: {
        tags: ['vendors'],
        summary:
          'Approve a pending application: a draft venue is made from it and the applicant is e-mailed; 409 once decided (needs canManageVenues)',
      },
    }),
    handler: async (request, reply) => {
      const actor = await signedInAccount(request)
      await approveApplication(db, request.params.id, actor)
      // The draft is not public, but the team's views of the catalog read through the same caches.
      // The approval has committed: a failed announcement is logged, not answered as a failure.
      await announceCatalogChange().catch((error: unknown) =>
        request.log.error({ err: error }, 'The catalog change could not be announced'),
      )
      reply.header('cache-control', 'no-store')
      return decided(request.params.id)
    },
  })

  app.route({
    ...fromEndpoint(vendorEndpoints.decline, {
      schema: {
        tags: ['vendors'],
        summary:
          'Decline a pending application with a reason the applicant is e-mailed; 409 once decided (needs canManageVenues)',
      },
    }),
    handler: async (request, reply) => {
      const actor = await signedInAccount(request)
      await declineApplication(db, request.params.id, actor, request.body.reason)
      reply.header('cache-control', 'no-store')
      return decided(request.params.id)
    },
  })
}
