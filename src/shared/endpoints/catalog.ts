import { z } from 'zod'
import {
  availabilityQuerySchema,
  availabilitySchema,
  gymDetailSchema,
  gymListQuerySchema,
  gymListSchema,
  venueIdSchema,
} from '../catalog-api.ts'
import { catalogRoutes } from './catalog-routes.ts'
import { endpoint } from './define.ts'

const idParams = z.object({ id: venueIdSchema })

/** The public, read-only catalog (docs/catalog.md). */
export const catalogEndpoints = {
  gymList: endpoint({
    ...catalogRoutes.gymList,
    querystring: gymListQuerySchema,
    response: { 200: gymListSchema },
  }),
  gymDetail: endpoint({ ...catalogRoutes.gymDetail, params: idParams, response: { 200: gymDetailSchema } }),
  gymAvailability: endpoint({
    ...catalogRoutes.gymAvailability,
    params: idParams,
    querystring: availabilityQuerySchema,
    response: { 200: availabilitySchema },
  }),
}
