import type { Route } from './define.ts'

/**
 * Setting a staff member's venues without its schemas (./desk.ts adds them): the team's account
 * page saves them too, and loads none of the desk's schemas for it.
 */
export const setStaffVenuesRoute = {
  method: 'PUT',
  path: '/api/admin/staff/:userId/venues',
  access: 'canManageUsers',
} as const satisfies Route
