import { z } from 'zod'
import {
  deskBookingAnswerSchema,
  deskBookingParamsSchema,
  deskBookingsQuerySchema,
  deskDaySchema,
  deskPartyAnswerSchema,
  deskPartyCheckInRequestSchema,
  deskPartySchema,
  deskPaymentRequestSchema,
  deskRefundRequestSchema,
  deskVenuesSchema,
  redeemAnswerSchema,
  redeemRequestSchema,
  staffListSchema,
  staffUserParamsSchema,
  staffVenuesRequestSchema,
  staffVenuesSchema,
} from '../desk.ts'
import { endpoint } from './define.ts'
import { setStaffVenuesRoute } from './desk-routes.ts'

/**
 * The bookings desk (docs/desk.md), for canManageBookings: staff act for the venues they are assigned
 * to, managers and admins for all, which the handlers check.
 */
export const deskEndpoints = {
  venues: endpoint({
    method: 'GET',
    path: '/api/desk/venues',
    access: 'canManageBookings',
    response: { 200: deskVenuesSchema },
  }),
  day: endpoint({
    method: 'GET',
    path: '/api/desk/bookings',
    access: 'canManageBookings',
    querystring: deskBookingsQuerySchema,
    response: { 200: deskDaySchema },
  }),
  redeem: endpoint({
    method: 'POST',
    path: '/api/desk/redeem',
    access: 'canManageBookings',
    body: redeemRequestSchema,
    response: { 200: redeemAnswerSchema },
  }),
  takePayment: endpoint({
    method: 'POST',
    path: '/api/desk/bookings/:id/payment',
    access: 'canManageBookings',
    params: deskBookingParamsSchema,
    body: deskPaymentRequestSchema,
    response: { 200: deskBookingAnswerSchema },
  }),
  // A party (docs/desk.md, "Parties"): any of its visits' ids names it.
  party: endpoint({
    method: 'GET',
    path: '/api/desk/bookings/:id/party',
    access: 'canManageBookings',
    params: deskBookingParamsSchema,
    response: { 200: z.object({ party: deskPartySchema }) },
  }),
  checkInParty: endpoint({
    method: 'POST',
    path: '/api/desk/bookings/:id/party/check-in',
    access: 'canManageBookings',
    params: deskBookingParamsSchema,
    body: deskPartyCheckInRequestSchema,
    response: { 200: deskPartyAnswerSchema },
  }),
  takePartyPayment: endpoint({
    method: 'POST',
    path: '/api/desk/bookings/:id/party/payment',
    access: 'canManageBookings',
    params: deskBookingParamsSchema,
    body: deskPaymentRequestSchema,
    response: { 200: deskPartyAnswerSchema },
  }),
  // "Undo collect": a desk payment recorded by mistake, until the visit is checked in.
  undoPartyPayment: endpoint({
    method: 'DELETE',
    path: '/api/desk/bookings/:id/party/payment',
    access: 'canManageBookings',
    params: deskBookingParamsSchema,
    response: { 200: deskPartyAnswerSchema },
  }),
  // Giving money back is a manager's decision, as cancelling what the desk has acted on is.
  givePaymentBack: endpoint({
    method: 'POST',
    path: '/api/desk/bookings/:id/refund',
    access: 'canManageVenues',
    params: deskBookingParamsSchema,
    body: deskRefundRequestSchema,
    response: { 200: deskBookingAnswerSchema },
  }),
  markNoShow: endpoint({
    method: 'POST',
    path: '/api/desk/bookings/:id/no-show',
    access: 'canManageBookings',
    params: deskBookingParamsSchema,
    // Nothing to say but `{}`; anything more is a mistake, refused rather than ignored.
    body: z.strictObject({}),
    response: { 200: deskBookingAnswerSchema },
  }),
  clearNoShow: endpoint({
    method: 'DELETE',
    path: '/api/desk/bookings/:id/no-show',
    access: 'canManageBookings',
    params: deskBookingParamsSchema,
    response: { 200: deskBookingAnswerSchema },
  }),
}

/** Which venues each staff member acts for at the desk (docs/desk.md), set by an admin (canManageUsers). */
export const staffEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/staff',
    access: 'canManageUsers',
    response: { 200: staffListSchema },
  }),
  venues: endpoint({
    method: 'GET',
    path: '/api/admin/staff/:userId/venues',
    access: 'canManageUsers',
    params: staffUserParamsSchema,
    response: { 200: staffVenuesSchema },
  }),
  setVenues: endpoint({
    ...setStaffVenuesRoute,
    params: staffUserParamsSchema,
    body: staffVenuesRequestSchema,
    response: { 200: staffVenuesSchema },
  }),
}
