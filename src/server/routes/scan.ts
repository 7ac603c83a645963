import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { scanEndpoints } from '../../shared/endpoints/scan.ts'
import { equipmentById } from '../../shared/scan.ts'
import { prepareImage } from '../domain/scan/image.ts'
import { type VisionClient, VisionError } from '../domain/scan/vision-client.ts'
import { fromEndpoint } from '../platform/http/endpoint.ts'
import { HttpError, sendError } from '../platform/http/errors.ts'
import { byClient, limitBy } from '../platform/http/rate-limits.ts'

/** Scans one client IP may ask for: each costs a paid model call. */
export const scanRateLimit = { max: 10, timeWindow: 10 * 60_000 }

interface ScanDeps {
  /** null when no model is configured: the page then offers a manual equipment picker. */
  vision: VisionClient | null
}

/**
 * The equipment scanner: the photo is checked, downscaled and shown to the vision model, which
 * names the equipment. The image lives only in memory for the request: never stored, never logged.
 */
export const scanRoutes: FastifyPluginAsyncZod<ScanDeps> = async (app, { vision }) => {
  app.route({
    ...fromEndpoint(scanEndpoints.config, { schema: { tags: ['scan'] } }),
    handler: async () => ({ automatic: vision !== null }),
  })

  app.route({
    ...fromEndpoint(scanEndpoints.scan, {
      // Base64 makes a 10MB image about 13.4MB; a little more lets a slightly larger one get the
      // spec's size message instead of a bare "too large".
      bodyLimit: 16 * 1024 * 1024,
      onRequest: limitBy(app, { ...scanRateLimit, name: 'ip', by: byClient }),
      schema: {
        tags: ['scan'],
        summary: 'Names the gym equipment in a photo (JPEG, PNG, GIF or WebP under 10MB, base64)',
      },
    }),
    handler: async (request, reply) => {
      if (!vision) throw new HttpError(503, 'SCAN_NOT_CONFIGURED')
      const image = await prepareImage(Buffer.from(request.body.imageBase64, 'base64'))
      try {
        const { equipment, confidence } = await vision.recognise(image)
        if (!equipment) return { equipment: null, confidence }
        const { id, name, met } = equipmentById(equipment)
        return { equipment: { id, name, met }, confidence }
      } catch (error) {
        if (!(error instanceof VisionError)) throw error
        // The provider's words (which can name our account) go to the log; the visitor gets the
        // spec's message and its code, nothing more.
        request.log.warn({ status: error.status, providerMessage: error.message }, 'equipment scan failed')
        return sendError(reply, 502, 'ANALYSIS_FAILED')
      }
    },
  })
}
