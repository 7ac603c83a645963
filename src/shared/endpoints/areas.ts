import {
  adminAreaListSchema,
  areaFormSchema,
  areaIdParamsSchema,
  areaListSchema,
  areaUpdateSchema,
} from '../areas.ts'
import { endpoint } from './define.ts'

/**
 * The list of areas (docs/catalog.md, "Areas"): the public one the forms choose from, and the team's,
 * where it adds, renames, deactivates and deletes unused areas (canManageVenues, like the venues in them).
 */
export const areaEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/areas',
    access: 'public',
    response: { 200: areaListSchema },
  }),
  teamList: endpoint({
    method: 'GET',
    path: '/api/admin/areas',
    access: 'canManageVenues',
    response: { 200: adminAreaListSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/areas',
    access: 'canManageVenues',
    body: areaFormSchema,
    response: { 201: adminAreaListSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/admin/areas/:id',
    access: 'canManageVenues',
    params: areaIdParamsSchema,
    body: areaUpdateSchema,
    response: { 200: adminAreaListSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/areas/:id',
    access: 'canManageVenues',
    params: areaIdParamsSchema,
    response: { 200: adminAreaListSchema },
  }),
}
