import { randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { z } from 'zod'
import { venuePhotoEndpoints } from '../../../shared/endpoints/venue-photos.ts'
import { maxVenuePhotoBytes, type venuePhotoSchema, venuePhotoTypes } from '../../../shared/venue-photos.ts'
import type { AnnounceCatalogChange } from '../../domain/catalog/catalog-changes.ts'
import { processingQueue, processPhoto } from '../../domain/venue-photos/process-photo.ts'
import {
  addPhoto,
  deletePhoto,
  listPhotos,
  reorderPhotos,
  updateAltTexts,
  venueExists,
} from '../../domain/venue-photos/repository.ts'
import {
  isPhotoKey,
  type PhotoStorage,
  photoContentTypes,
  photoFileKeys,
} from '../../domain/venue-photos/storage.ts'
import type { Database } from '../../platform/db/database.ts'
import { fromEndpoint } from '../../platform/http/endpoint.ts'
import { HttpError, sendError } from '../../platform/http/errors.ts'
import { matchesEtag } from '../../platform/http/etag.ts'
import { limitBy } from '../../platform/http/rate-limits.ts'
import { signedInAccount } from '../../platform/identity/guards.ts'

/** Uploads one account may send: a venue's whole gallery in one sitting, not a flood. */
export const photoUploadRateLimit = { max: 40, timeWindow: 10 * 60_000 }
/** Photos processed at once by this process (AVIF encoding is heavy; visitors share the CPU). */
const concurrentProcessing = 2
/** Names are unique (a random photo id), so a file never changes under its name. */
const immutable = 'public, max-age=31536000, immutable'

interface VenuePhotoDeps {
  db: Database
  storage: PhotoStorage
  announceCatalogChange: AnnounceCatalogChange
}

/**
 * The team's venue photos (canManageVenues): upload as the raw image body, alt texts, order (the
 * first is the cover) and removal; every change is audited in its transaction and announced to the
 * catalog once committed. Also serves the uploaded files under /images/venues/, beside the seed's.
 */
export const venuePhotoRoutes: FastifyPluginAsyncZod<VenuePhotoDeps> = async (
  app,
  { db, storage, announceCatalogChange },
) => {
  const queue = processingQueue(concurrentProcessing)
  const perAccount = limitBy(app, {
    ...photoUploadRateLimit,
    name: 'account',
    by: async (request) => {
      const caller = await request.caller
      return caller.kind === 'account' ? caller.id : undefined
    },
  })
  // The image types arrive as bytes, on this plugin's routes only (the rest of the API takes JSON).
  app.addContentTypeParser(
    [...venuePhotoTypes],
    { parseAs: 'buffer', bodyLimit: maxVenuePhotoBytes },
    (_request, body, done) => done(null, body),
  )

  app.route({
    ...fromEndpoint(venuePhotoEndpoints.list, {
      schema: {
        tags: ['venue-photos'],
        summary: 'A venue’s photos in order, the cover first (needs canManageVenues)',
      },
    }),
    handler: async (request) => {
      const { id } = request.params
      if (!(await venueExists(db, id))) throw new HttpError(404, 'GYM_NOT_FOUND')
      return { photos: await listPhotos(db, id) }
    },
  })

  app.route({
    ...fromEndpoint(venuePhotoEndpoints.upload, {
      bodyLimit: maxVenuePhotoBytes,
      // Checked before the body is read, after the access guard (platform/http/team-access.ts puts it
      // first): nobody else gets to make the server take in 15 MB.
      onRequest: [perAccount, refuseDeclaredTooLarge],
      errorHandler: uploadErrors,
      schema: {
        tags: ['venue-photos'],
        summary:
          'Adds a photo, last (needs canManageVenues): the raw JPEG, PNG or WebP bytes as the body, under 15 MB',
      },
    }),
    handler: async (request, reply) => {
      const actor = await signedInAccount(request)
      const { id } = request.params
      if (!(await venueExists(db, id))) throw new HttpError(404, 'GYM_NOT_FOUND')
      const body = request.body
      if (!Buffer.isBuffer(body) || body.length === 0) throw new HttpError(415, 'PHOTO_NOT_AN_IMAGE')
      const files = await queue(() => processPhoto(body))
      const imageKey = `${id}/p-${randomBytes(6).toString('hex')}`
      // Files first, then the row: the photo is listed only once every file of it is there.
      await Promise.all(
        files.map((file) =>
          storage.put(`${imageKey}-${file.width}.${file.format}`, file.bytes, photoContentTypes[file.format]),
        ),
      )
      let photo: z.infer<typeof venuePhotoSchema>
      try {
        photo = await addPhoto(db, actor, id, imageKey)
      } catch (error) {
        await storage.delete(photoFileKeys(imageKey)).catch(() => {})
        throw error
      }
      await announceCatalogChange()
      return reply.code(201).send(photo)
    },
  })

  app.route({
    ...fromEndpoint(venuePhotoEndpoints.editAlt, {
      schema: {
        tags: ['venue-photos'],
        summary: 'Sets a photo’s alt texts in English and Arabic (needs canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { id, photoId } = request.params
      const photo = await updateAltTexts(db, actor, id, photoId, request.body)
      await announceCatalogChange()
      return photo
    },
  })

  app.route({
    ...fromEndpoint(venuePhotoEndpoints.reorder, {
      schema: {
        tags: ['venue-photos'],
        summary: 'Puts the venue’s photos in this order; the first is the cover (needs canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const photos = await reorderPhotos(db, actor, request.params.id, request.body.keys)
      await announceCatalogChange()
      return { photos }
    },
  })

  app.route({
    ...fromEndpoint(venuePhotoEndpoints.remove, {
      schema: {
        tags: ['venue-photos'],
        summary: 'Removes a photo from the venue, and an uploaded one’s files (needs canManageVenues)',
      },
    }),
    handler: async (request) => {
      const actor = await signedInAccount(request)
      const { id, photoId } = request.params
      const removed = await deletePhoto(db, actor, id, photoId)
      await announceCatalogChange()
      // After the commit: a rollback never loses files. The seed's pictures stay in public/.
      if (removed.uploaded)
        await storage.delete(photoFileKeys(removed.key)).catch((error) => {
          request.log.warn({ err: error, key: removed.key }, 'photo files not deleted')
        })
      return { photos: await listPhotos(db, id) }
    },
  })

  // The uploaded files, from whichever store holds them. The seed's pictures are the built site's
  // static files, served before this route is reached (web-app.ts), so this only ever answers for
  // names that are not there.
  app.route({
    ...fromEndpoint(venuePhotoEndpoints.file, { schema: { hide: true } }),
    handler: async (request, reply) => {
      const key = `${request.params.venue}/${request.params.file}`
      // Only the one shape of name reaches a store: no traversal, no encodings.
      const stored = isPhotoKey(key) ? await storage.get(key) : undefined
      if (!stored)
        return sendError(reply, 404, 'NOT_FOUND', { params: { method: request.method, path: request.url } })
      // A strong ETag, the content's hash: the same on every server and whatever the store.
      const etag = `"${stored.sha256}"`
      reply.header('cache-control', immutable).header('etag', etag)
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        stored.body.destroy()
        return reply.code(304).send()
      }
      return reply.header('content-length', stored.size).type(stored.contentType).send(stored.body)
    },
  })
}

/** A declared length over the limit is refused at once, with the photo's own code. */
async function refuseDeclaredTooLarge(request: FastifyRequest) {
  const length = Number(request.headers['content-length'] ?? 0)
  if (length > maxVenuePhotoBytes) throw new HttpError(413, 'PHOTO_TOO_LARGE')
}

/** Fastify's own refusals of the body, in the photo's words: too large, or not an image type. */
function uploadErrors(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendError(reply, 413, 'PHOTO_TOO_LARGE')
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return sendError(reply, 415, 'PHOTO_NOT_AN_IMAGE')
  // Everything else as the API answers it elsewhere.
  throw error
}
