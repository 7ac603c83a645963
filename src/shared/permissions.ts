/** Roles and the permission flags each grants (docs/product.md). The server checks these on every protected endpoint. */
export const roles = ['admin', 'manager', 'staff', 'user'] as const
export type Role = (typeof roles)[number]

export const permissionNames = [
  'canViewDashboard',
  'canManageUsers',
  'canManageVenues',
  'canManageBookings',
  'canViewReports',
  'canEditContent',
  'canAccessSettings',
] as const
export type Permission = (typeof permissionNames)[number]

const grants: Record<Role, readonly Permission[]> = {
  admin: permissionNames,
  manager: ['canViewDashboard', 'canManageVenues', 'canManageBookings', 'canViewReports', 'canEditContent'],
  staff: ['canViewDashboard', 'canManageBookings'],
  user: [],
}

export function permissionsFor(role: Role | null | undefined): Permission[] {
  return role ? [...grants[role]] : []
}

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  return role ? grants[role].includes(permission) : false
}
