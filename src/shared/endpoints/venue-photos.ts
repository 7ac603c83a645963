import { z } from 'zod'
import {
  photoIdSchema,
  venueIdSchema,
  venuePhotoAltSchema,
  venuePhotoListSchema,
  venuePhotoOrderSchema,
  venuePhotoSchema,
} from '../venue-photos.ts'
import { endpoint } from './define.ts'

const venueParams = z.object({ id: venueIdSchema })
const photoParams = z.object({ id: venueIdSchema, photoId: photoIdSchema })

/**
 * A venue's photos in the team's editor, and the uploaded files the site shows. An upload's body is
 * the raw image, not JSON: its content-type parser is the server's (src/server/domain/venue-photos).
 */
export const venuePhotoEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/venues/:id/photos',
    access: 'canManageVenues',
    params: venueParams,
    response: { 200: venuePhotoListSchema },
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/admin/venues/:id/photos',
    access: 'canManageVenues',
    params: venueParams,
    response: { 201: venuePhotoSchema },
  }),
  editAlt: endpoint({
    method: 'PATCH',
    path: '/api/admin/venues/:id/photos/:photoId',
    access: 'canManageVenues',
    params: photoParams,
    body: venuePhotoAltSchema,
    response: { 200: venuePhotoSchema },
  }),
  reorder: endpoint({
    method: 'PUT',
    path: '/api/admin/venues/:id/photos/order',
    access: 'canManageVenues',
    params: venueParams,
    body: venuePhotoOrderSchema,
    response: { 200: venuePhotoListSchema },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/admin/venues/:id/photos/:photoId',
    access: 'canManageVenues',
    params: photoParams,
    response: { 200: venuePhotoListSchema },
  }),
  file: endpoint({
    method: 'GET',
    path: '/images/venues/:venue/:file',
    access: 'public',
    params: z.object({ venue: z.string(), file: z.string() }),
  }),
}
