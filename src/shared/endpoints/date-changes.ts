import { z } from 'zod'
import { dateChangeRequestSchema, dateChangeResultSchema } from '../date-changes.ts'
import { endpoint } from './define.ts'

const bookingParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
const tokenParams = z.object({ token: z.string().max(120) })

/**
 * Moving a visit or its party to another date or time: the signed-in account's own visits (another
 * account's is a 404), and a guest's through the manage link in their mail (a view link is a 404).
 */
export const dateChangeEndpoints = {
  mine: endpoint({
    method: 'POST',
    path: '/api/bookings/:id/change-date',
    access: 'signedIn',
    params: bookingParams,
    body: dateChangeRequestSchema,
    response: { 200: dateChangeResultSchema },
  }),
  guest: endpoint({
    method: 'POST',
    path: '/api/manage/:token/change-date',
    access: 'public',
    params: tokenParams,
    body: dateChangeRequestSchema,
    response: { 200: dateChangeResultSchema },
  }),
}
