import { describe, expect, it } from 'vitest'
import { hasPermission, permissionsFor } from './permissions.ts'

describe('permissions by role', () => {
  it('grants admins everything and users nothing', () => {
    expect(permissionsFor('admin')).toHaveLength(7)
    expect(permissionsFor('user')).toEqual([])
    expect(permissionsFor(null)).toEqual([])
  })

  it('grants managers all but managing users and settings', () => {
    expect(hasPermission('manager', 'canManageVenues')).toBe(true)
    expect(hasPermission('manager', 'canManageUsers')).toBe(false)
    expect(hasPermission('manager', 'canAccessSettings')).toBe(false)
  })

  it('grants staff the dashboard and bookings only', () => {
    expect(permissionsFor('staff').sort()).toEqual(['canManageBookings', 'canViewDashboard'])
    expect(hasPermission('staff', 'canManageVenues')).toBe(false)
  })
})
