import { z } from 'zod'
import {
  teamWaitlistQuerySchema,
  teamWaitlistSchema,
  waitlistEntrySchema,
  waitlistJoinRequestSchema,
  waitlistTokenSchema,
} from '../waitlist.ts'
import { endpoint } from './define.ts'

const tokenParams = z.object({ token: waitlistTokenSchema })

/**
 * The waiting list of a full slot (docs/booking.md, "Waiting list"). The visitor's side is reached by
 * the request's signed link, which the join answer and every mail carry; a forged or another
 * request's token is a 404. The team's side shows one venue's day, for the venues a caller may see.
 */
export const waitlistEndpoints = {
  join: endpoint({
    method: 'POST',
    path: '/api/waitlist',
    access: 'public',
    body: waitlistJoinRequestSchema,
    response: { 201: waitlistEntrySchema },
  }),
  entry: endpoint({
    method: 'GET',
    path: '/api/waitlist/:token',
    access: 'public',
    params: tokenParams,
    response: { 200: waitlistEntrySchema },
  }),
  leave: endpoint({
    method: 'POST',
    path: '/api/waitlist/:token/leave',
    access: 'public',
    params: tokenParams,
    response: { 200: waitlistEntrySchema },
  }),
  team: endpoint({
    method: 'GET',
    path: '/api/desk/waitlist',
    access: 'canManageBookings',
    querystring: teamWaitlistQuerySchema,
    response: { 200: teamWaitlistSchema },
  }),
}
