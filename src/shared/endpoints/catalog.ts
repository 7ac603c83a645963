import { z } from 'zod'
import {
  availabilityQuerySchema,
  availabilitySchema,
  gymDetailSchema,
  gymListQuerySchema,
  gymListSchema,
  venueIdSchema,
} from '../catalog-api.ts'
import { gymAvailabilityRoute, gymDetailRoute, gymListRoute } from './catalog-routes.ts'
import { endpoint } from './define.ts'

const idParams = z.object({ id: venueIdSchema })

/** The public, read-only catalog (docs/catalog.md). */
export const catalogEndpoints = {
  gymList: endpoint({
    ...gymListRoute,
    querystring: gymListQuerySchema,
    response: { 200: gymListSchema },
  }),
  gymDetail: endpoint({
    ...gymDetailRoute,
    params: idParams,
    response: { 200: gymDetailSchema },
  }),
  gymAvailability: endpoint({
    ...gymAvailabilityRoute,
    params: idParams,
    querystring: availabilityQuerySchema,
    response: { 200: availabilitySchema },
  }),
}
