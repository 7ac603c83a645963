import { z } from 'zod'
import {
  availabilityQuerySchema,
  availabilitySchema,
  venueDetailSchema,
  venueIdSchema,
  venueListQuerySchema,
  venueListSchema,
} from '../catalog-api.ts'
import { venueReviewsSchema } from '../reviews.ts'
import {
  venueAvailabilityRoute,
  venueDetailRoute,
  venueListRoute,
  venueReviewsRoute,
} from './catalog-routes.ts'
import { endpoint } from './define.ts'

const idParams = z.object({ id: venueIdSchema })

/** The public, read-only catalog (docs/catalog.md). */
export const catalogEndpoints = {
  venueList: endpoint({
    ...venueListRoute,
    querystring: venueListQuerySchema,
    response: { 200: venueListSchema },
  }),
  venueDetail: endpoint({
    ...venueDetailRoute,
    params: idParams,
    response: { 200: venueDetailSchema },
  }),
  venueAvailability: endpoint({
    ...venueAvailabilityRoute,
    params: idParams,
    querystring: availabilityQuerySchema,
    response: { 200: availabilitySchema },
  }),
  venueReviews: endpoint({
    ...venueReviewsRoute,
    params: idParams,
    response: { 200: venueReviewsSchema },
  }),
}
