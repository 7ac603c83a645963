import {
  announcementSchema,
  contactSettingsSchema,
  dashboardSchema,
  holidayListSchema,
  publicAnnouncementSchema,
  userDetailSchema,
  userListSchema,
} from '../../../src/shared/team.ts'
import type { EndpointSpec } from './endpoints.ts'
import type { HardeningContext } from './hardening-app.ts'

/**
 * The team's home, users, settings and content (docs/operating.md), as an admin. The user endpoints act on
 * the staff account, whose role and activation they set as they are; holidays are in 2032, which no
 * other suite books, each request on a date of its own.
 */
export function teamSpecs(c: () => HardeningContext): EndpointSpec[] {
  const admin = () => ({ cookie: c().adminCookie })
  const date = (n: number) =>
    `2032-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`
  const name = { en: 'Test day', ar: 'يوم اختبار' }
  return [
    {
      key: 'GET /api/admin/dashboard',
      base: () => ({ method: 'GET', route: '/api/admin/dashboard', headers: admin() }),
      control: 200,
      ok: dashboardSchema,
    },
    {
      key: 'GET /api/admin/users',
      base: () => ({
        method: 'GET',
        route: '/api/admin/users',
        query: { search: 'staff', page: '1' },
        headers: admin(),
      }),
      optional: ['search', 'page'],
      freeText: ['search'],
      control: 200,
      ok: userListSchema,
    },
    {
      key: 'GET /api/admin/users/:userId',
      base: () => ({
        method: 'GET',
        route: '/api/admin/users/:userId',
        params: { userId: c().staffId },
        headers: admin(),
      }),
      control: 200,
      ok: userDetailSchema,
    },
    {
      key: 'PUT /api/admin/users/:userId/role',
      base: () => ({
        method: 'PUT',
        route: '/api/admin/users/:userId/role',
        params: { userId: c().staffId },
        body: { role: 'staff' },
        headers: admin(),
      }),
      control: 200,
      ok: userDetailSchema,
    },
    ...(['deactivate', 'reactivate'] as const).map(
      (action): EndpointSpec => ({
        key: `POST /api/admin/users/:userId/${action}`,
        base: () => ({
          method: 'POST',
          route: `/api/admin/users/:userId/${action}`,
          params: { userId: c().staffId },
          body: {},
          headers: admin(),
        }),
        control: 200,
        ok: userDetailSchema,
      }),
    ),
    {
      key: 'GET /api/admin/holidays',
      base: () => ({
        method: 'GET',
        route: '/api/admin/holidays',
        query: { year: '2026' },
        headers: admin(),
        alsoServes: ['POST'],
      }),
      control: 200,
      ok: holidayListSchema,
    },
    {
      key: 'POST /api/admin/holidays',
      base: (n) => ({
        method: 'POST',
        route: '/api/admin/holidays',
        body: { date: date(n + 400), name },
        headers: admin(),
        alsoServes: ['GET'],
      }),
      freeText: ['name.en', 'name.ar'],
      control: 201,
      ok: holidayListSchema,
    },
    {
      key: 'PUT /api/admin/holidays/:date',
      // National Day as it is: saved, changing nothing.
      base: () => ({
        method: 'PUT',
        route: '/api/admin/holidays/:date',
        params: { date: '2026-12-16' },
        body: { date: '2026-12-16', name: { en: 'National Day', ar: 'العيد الوطني' } },
        headers: admin(),
        alsoServes: ['DELETE'],
      }),
      freeText: ['name.en', 'name.ar'],
      control: 200,
      ok: holidayListSchema,
    },
    {
      key: 'DELETE /api/admin/holidays/:date',
      // The second National Day of 2027: no suite books that far ahead.
      base: () => ({
        method: 'DELETE',
        route: '/api/admin/holidays/:date',
        params: { date: '2027-12-17' },
        headers: admin(),
        alsoServes: ['PUT'],
      }),
      control: 200,
      ok: holidayListSchema,
    },
    {
      key: 'GET /api/admin/settings/contact',
      base: () => ({
        method: 'GET',
        route: '/api/admin/settings/contact',
        headers: admin(),
        alsoServes: ['PUT'],
      }),
      control: 200,
      ok: contactSettingsSchema,
    },
    {
      key: 'PUT /api/admin/settings/contact',
      base: () => ({
        method: 'PUT',
        route: '/api/admin/settings/contact',
        body: { email: 'help@daypass.bh', phone: '+973 1700 0000' },
        headers: admin(),
        alsoServes: ['GET'],
      }),
      // The support line may be left empty.
      optional: ['phone'],
      control: 200,
      ok: contactSettingsSchema,
    },
    {
      key: 'GET /api/admin/announcement',
      base: () => ({
        method: 'GET',
        route: '/api/admin/announcement',
        headers: admin(),
        alsoServes: ['PUT'],
      }),
      control: 200,
      ok: announcementSchema,
    },
    {
      key: 'PUT /api/admin/announcement',
      base: () => ({
        method: 'PUT',
        route: '/api/admin/announcement',
        body: { en: 'Eid hours', ar: 'ساعات العيد', endsOn: null },
        headers: admin(),
        alsoServes: ['GET'],
      }),
      freeText: ['en', 'ar'],
      control: 200,
      ok: announcementSchema,
    },
    {
      key: 'GET /api/announcement',
      base: () => ({ method: 'GET', route: '/api/announcement' }),
      control: 200,
      ok: publicAnnouncementSchema,
    },
  ]
}
