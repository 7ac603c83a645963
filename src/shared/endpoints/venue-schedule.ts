import { z } from 'zod'
import { venueIdSchema } from '../catalog-api.ts'
import { E } from '../errors.ts'
import {
  dateExceptionBodySchema,
  exceptionDateSchema,
  scheduleChangeSchema,
  venueScheduleSchema,
  weeklyHoursFormSchema,
} from '../venue-schedule.ts'
import { endpoint } from './define.ts'

const venueParams = z.object({ id: venueIdSchema })
/**
 * A date within the exceptions' window. The window is today's, so the server passes this schema
 * again made with its own clock (src/server/routes/admin/venue-schedule.ts).
 */
export const exceptionParams = (now?: () => Date) =>
  z.object({ id: venueIdSchema, date: exceptionDateSchema(now) })

/** A venue's weekly hours and its dated exceptions, in the team's editor (docs/operating.md). */
export const venueScheduleEndpoints = {
  schedule: endpoint({
    method: 'GET',
    path: '/api/admin/venues/:id/schedule',
    access: 'canManageVenues',
    params: venueParams,
    response: { 200: venueScheduleSchema },
  }),
  saveHours: endpoint({
    method: 'PUT',
    path: '/api/admin/venues/:id/hours',
    access: 'canManageVenues',
    params: venueParams,
    body: weeklyHoursFormSchema,
    response: { 200: scheduleChangeSchema },
  }),
  setException: endpoint({
    method: 'PUT',
    path: '/api/admin/venues/:id/exceptions/:date',
    access: 'canManageVenues',
    params: exceptionParams(),
    body: dateExceptionBodySchema,
    response: { 200: scheduleChangeSchema },
  }),
  removeException: endpoint({
    method: 'DELETE',
    path: '/api/admin/venues/:id/exceptions/:date',
    access: 'canManageVenues',
    params: exceptionParams(),
    querystring: z.strictObject({
      confirm: z.enum(['true', 'false'], { error: E.INVALID_VALUE }).optional(),
    }),
    response: { 200: scheduleChangeSchema },
  }),
}
