import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import type { TestApp } from '../../support/test-app.ts'
import type { Caller, Visitor } from './roles.ts'

type Expected = Record<Caller, number>
type Send = (
  visitor: Visitor,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>
interface TeamRule {
  key: string
  /** Only where the answer is not the declared access's alone (authorization.test.ts, expectedOf). */
  expected?: Expected
  send(visitor: Visitor): Promise<LightMyRequestResponse>
}

const refused = { anonymous: 401, guest: 401, user: 403 }
/** canViewDashboard: staff, managers and admins. */
export const dashboardViewers: Expected = { ...refused, staff: 200, manager: 200, admin: 200 }
/** canManageUsers and canAccessSettings: admins. */
export const adminsAlone: Expected = { ...refused, staff: 403, manager: 403, admin: 200 }
/** canEditContent: managers and admins. */
export const contentEditors: Expected = { ...refused, staff: 403, manager: 200, admin: 200 }

/**
 * The team's home, users, settings and content (docs/operating.md). Every well-formed request succeeds for an
 * allowed caller: each change has a holiday or an account of its own.
 */
export function teamRules(t: () => TestApp, visitors: () => Record<Caller, Visitor>, send: Send): TeamRule[] {
  let day = 0
  /** A holiday in 2031 of its own, for one edit or removal. */
  const holiday = async () => {
    day++
    const date = `2031-03-${String(day).padStart(2, '0')}`
    await t()
      .database.db.insertInto('public_holidays')
      .values({ holiday_date: date, name_en: 'Test', name_ar: 'اختبار' })
      .execute()
    return date
  }
  const name = { en: 'Test day', ar: 'يوم اختبار' }
  /** An account of its own for each caller (no sign-in needed: the admin acts on it). */
  const account = async (active: boolean) => {
    const id = randomUUID().replaceAll('-', '')
    await t()
      .database.db.insertInto('users')
      .values({
        id,
        name: 'Team Target',
        email: `team-target-${id}@example.bh`,
        email_verified: true,
        deactivated_at: active ? null : new Date(),
      })
      .execute()
    return id
  }
  const users = () => `/api/admin/users/${visitors().staff.id}`
  return [
    {
      key: 'GET /api/admin/dashboard',
      send: (v) => send(v, 'GET', '/api/admin/dashboard'),
    },
    {
      key: 'GET /api/admin/users',
      send: (v) => send(v, 'GET', '/api/admin/users?search=visitor'),
    },
    { key: 'GET /api/admin/users/:userId', send: (v) => send(v, 'GET', users()) },
    {
      key: 'PUT /api/admin/users/:userId/role',
      // The staff visitor's role as it is: saved, changing nothing.
      send: (v) => send(v, 'PUT', `${users()}/role`, { role: 'staff' }),
    },
    {
      key: 'POST /api/admin/users/:userId/deactivate',
      send: async (v) => send(v, 'POST', `/api/admin/users/${await account(true)}/deactivate`, {}),
    },
    {
      key: 'POST /api/admin/users/:userId/reactivate',
      send: async (v) => send(v, 'POST', `/api/admin/users/${await account(false)}/reactivate`, {}),
    },
    {
      key: 'GET /api/admin/holidays',
      send: (v) => send(v, 'GET', '/api/admin/holidays?year=2026'),
    },
    {
      key: 'POST /api/admin/holidays',
      send: async (v) => {
        day++
        return send(v, 'POST', '/api/admin/holidays', {
          date: `2031-03-${String(day).padStart(2, '0')}`,
          name,
        })
      },
    },
    {
      key: 'PUT /api/admin/holidays/:date',
      send: async (v) => {
        const date = await holiday()
        return send(v, 'PUT', `/api/admin/holidays/${date}`, { date, name })
      },
    },
    {
      key: 'DELETE /api/admin/holidays/:date',
      send: async (v) => send(v, 'DELETE', `/api/admin/holidays/${await holiday()}`),
    },
    {
      key: 'GET /api/admin/settings/contact',
      send: (v) => send(v, 'GET', '/api/admin/settings/contact'),
    },
    {
      key: 'PUT /api/admin/settings/contact',
      send: (v) => send(v, 'PUT', '/api/admin/settings/contact', { email: 'help@daypass.bh', phone: '' }),
    },
    {
      key: 'GET /api/admin/announcement',
      send: (v) => send(v, 'GET', '/api/admin/announcement'),
    },
    {
      key: 'PUT /api/admin/announcement',
      send: (v) => send(v, 'PUT', '/api/admin/announcement', { en: '', ar: '', endsOn: null }),
    },
    {
      key: 'GET /api/announcement',
      send: (v) => send(v, 'GET', '/api/announcement'),
    },
  ]
}
