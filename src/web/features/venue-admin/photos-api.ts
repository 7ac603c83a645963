import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiPath } from '../../../shared/endpoints/define.ts'
import { venuePhotoEndpoints as endpoints } from '../../../shared/endpoints/venue-photos.ts'
import {
  maxVenuePhotoBytes,
  type VenuePhoto,
  type VenuePhotoAltInput,
  type VenuePhotoList,
  venuePhotoSchema,
} from '../../../shared/venue-photos.ts'
import { ApiError, apiFetch } from '../../lib/api-client.ts'
import { callApi } from '../../lib/call-api.ts'
import { venueKey } from './api.ts'

export const venuePhotosQueryKey = (venueId: string) => ['admin-venue-photos', venueId] as const

/** A venue's photos in order, the cover first. */
export function useVenuePhotos(venueId: string) {
  return useQuery({
    queryKey: venuePhotosQueryKey(venueId),
    queryFn: () => callApi(endpoints.list, { params: { id: venueId } }),
  })
}

/**
 * Sends the file as it is, as the request's body: the server checks its bytes, turns it upright,
 * strips its metadata and makes the site's sizes. A file over the limit is refused here, with the
 * server's own code, before it is sent.
 */
export function uploadVenuePhoto(venueId: string, file: File): Promise<VenuePhoto> {
  if (file.size > maxVenuePhotoBytes)
    return Promise.reject(new ApiError(413, 'PHOTO_TOO_LARGE', 'The photo must be smaller than 15 MB.'))
  // The raw file is the body, not JSON: sent by apiFetch itself.
  return apiFetch(apiPath(endpoints.upload, { id: venueId }), {
    method: endpoints.upload.method,
    body: file,
    // The bytes decide on the server; an unknown type is still sent as an image for it to judge.
    headers: { 'content-type': file.type || 'image/jpeg' },
    parse: venuePhotoSchema.parse,
  })
}

/** The photo changes, each refreshing the list when it is done (or failed: someone else may have changed it). */
export function useVenuePhotoMutations(venueId: string) {
  const queryClient = useQueryClient()
  const key = venuePhotosQueryKey(venueId)
  // The editor's publish checks (a cover photo) and history follow the photos.
  const settled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: venueKey(venueId) }),
    ])
  const setList = (list: VenuePhotoList) => queryClient.setQueryData(key, list)

  const upload = useMutation({
    mutationFn: (file: File) => uploadVenuePhoto(venueId, file),
    onSettled: settled,
  })
  const updateAlt = useMutation({
    mutationFn: ({ photoId, alt }: { photoId: string; alt: VenuePhotoAltInput }) =>
      callApi(endpoints.editAlt, { params: { id: venueId, photoId }, body: alt }),
    onSettled: settled,
  })
  const reorder = useMutation({
    mutationFn: (keys: string[]) => callApi(endpoints.reorder, { params: { id: venueId }, body: { keys } }),
    onSuccess: setList,
    onSettled: settled,
  })
  const remove = useMutation({
    mutationFn: (photoId: string) => callApi(endpoints.remove, { params: { id: venueId, photoId } }),
    onSuccess: setList,
    onSettled: settled,
  })
  return { upload, updateAlt, reorder, remove }
}

/** The keys with the one at `from` moved to `to` (0 makes it the cover). */
export function moved(keys: readonly string[], from: number, to: number): string[] {
  const next = [...keys]
  const [key] = next.splice(from, 1)
  if (key !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, key)
  return next
}
