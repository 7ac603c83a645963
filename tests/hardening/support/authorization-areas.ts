import type { LightMyRequestResponse } from 'fastify'
import type { TestApp } from '../../support/test-app.ts'
import type { Visitor } from './roles.ts'

type Send = (
  visitor: Visitor,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>

/**
 * The list of areas (canManageVenues). Every well-formed request succeeds for an allowed caller:
 * each change has an area of its own, with names no other has.
 */
export function areaRules(t: () => TestApp, send: Send) {
  let n = 0
  const names = () => {
    n++
    return { nameEn: `Authorization Area ${n}`, nameAr: `منطقة الصلاحيات ${n}` }
  }
  /** A new area nothing stands in: its id. */
  const area = async () => {
    const id = `authorization-area-${++n}`
    await t()
      .database.db.insertInto('areas')
      .values({ id, name_en: `Authorization Area ${n}`, name_ar: `منطقة الصلاحيات ${n}` })
      .execute()
    return id
  }
  return [
    { key: 'GET /api/areas', send: (v: Visitor) => send(v, 'GET', '/api/areas') },
    { key: 'GET /api/admin/areas', send: (v: Visitor) => send(v, 'GET', '/api/admin/areas') },
    { key: 'POST /api/admin/areas', send: (v: Visitor) => send(v, 'POST', '/api/admin/areas', names()) },
    {
      key: 'PUT /api/admin/areas/:id',
      send: async (v: Visitor) =>
        send(v, 'PUT', `/api/admin/areas/${await area()}`, { ...names(), active: false }),
    },
    {
      key: 'DELETE /api/admin/areas/:id',
      send: async (v: Visitor) => send(v, 'DELETE', `/api/admin/areas/${await area()}`),
    },
  ]
}
