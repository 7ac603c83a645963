import { adminAreaListSchema, areaListSchema } from '../../../src/shared/areas.ts'
import type { EndpointSpec } from './endpoints.ts'
import type { HardeningContext } from './hardening-app.ts'

/**
 * The list of areas (docs/operating.md, "Areas"), as a manager. Renames act on Awali as it is and
 * removals on Galali, listed areas no suite puts a venue in; each added area has names of its own.
 */
export function areaSpecs(c: () => HardeningContext): EndpointSpec[] {
  const manager = () => ({ cookie: c().managerCookie })
  return [
    {
      key: 'GET /api/areas',
      base: () => ({ method: 'GET', route: '/api/areas' }),
      control: 200,
      ok: areaListSchema,
    },
    {
      key: 'GET /api/admin/areas',
      base: () => ({ method: 'GET', route: '/api/admin/areas', headers: manager(), alsoServes: ['POST'] }),
      control: 200,
      ok: adminAreaListSchema,
    },
    {
      key: 'POST /api/admin/areas',
      base: (n) => ({
        method: 'POST',
        route: '/api/admin/areas',
        body: { nameEn: `Hardening Area ${n}`, nameAr: `منطقة الاختبار ${n}` },
        headers: manager(),
        alsoServes: ['GET'],
      }),
      freeText: ['nameEn', 'nameAr'],
      control: 201,
      ok: adminAreaListSchema,
    },
    {
      key: 'PUT /api/admin/areas/:id',
      // Awali as it is: saved, changing nothing.
      base: () => ({
        method: 'PUT',
        route: '/api/admin/areas/:id',
        params: { id: 'awali' },
        body: { nameEn: 'Awali', nameAr: 'عوالي', active: true },
        headers: manager(),
        alsoServes: ['DELETE'],
      }),
      freeText: ['nameEn', 'nameAr'],
      control: 200,
      ok: adminAreaListSchema,
    },
    {
      key: 'DELETE /api/admin/areas/:id',
      base: () => ({
        method: 'DELETE',
        route: '/api/admin/areas/:id',
        params: { id: 'galali' },
        headers: manager(),
        alsoServes: ['PUT'],
      }),
      control: 200,
      ok: adminAreaListSchema,
    },
  ]
}
