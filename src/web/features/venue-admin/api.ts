import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type AdminVenueDetail,
  type AdminVenueList,
  adminVenueDetailSchema,
  adminVenueListSchema,
  type PassForm,
  type VenueDetails,
  type VenueHistory,
  type VenueStatus,
  venueHistorySchema,
} from '../../../shared/venue-admin.ts'
import { apiFetch } from '../../lib/api-client.ts'

export const adminVenuesKey = ['admin-venues'] as const
/** The venue's editor data; its history's key starts with it, so invalidating it refreshes both. */
export const venueKey = (id: string) => ['admin-venue', id] as const
const historyKey = (id: string) => ['admin-venue', id, 'history'] as const

/** Every venue, whatever its status; `search` filters by name (either language) and area. */
export function useAdminVenues(search: string) {
  return useQuery({
    queryKey: [...adminVenuesKey, search],
    queryFn: () =>
      apiFetch<AdminVenueList>(`/api/admin/venues${search ? `?search=${encodeURIComponent(search)}` : ''}`, {
        parse: adminVenueListSchema.parse,
      }),
    // The last answer stays on screen while the next search loads, rather than a skeleton per keystroke.
    placeholderData: keepPreviousData,
  })
}

export function useAdminVenue(id: string) {
  return useQuery({
    queryKey: venueKey(id),
    queryFn: () =>
      apiFetch<AdminVenueDetail>(`/api/admin/venues/${encodeURIComponent(id)}`, {
        parse: adminVenueDetailSchema.parse,
      }),
  })
}

export function useVenueHistory(id: string) {
  return useQuery({
    queryKey: historyKey(id),
    queryFn: () =>
      apiFetch<VenueHistory>(`/api/admin/venues/${encodeURIComponent(id)}/history`, {
        parse: venueHistorySchema.parse,
      }),
  })
}

export type VenueChange =
  | { kind: 'details'; form: VenueDetails; updatedAt: string }
  | { kind: 'status'; status: VenueStatus }
  | { kind: 'createPass'; form: PassForm }
  | { kind: 'editPass'; passId: string; form: PassForm }
  | { kind: 'archivePass' | 'restorePass'; passId: string }
  | { kind: 'orderPasses'; ids: string[] }

function request(change: VenueChange): { method: string; path: string; body: unknown } {
  switch (change.kind) {
    case 'details':
      return { method: 'PATCH', path: '', body: { ...change.form, updatedAt: change.updatedAt } }
    case 'status':
      return { method: 'POST', path: '/status', body: { status: change.status } }
    case 'createPass':
      return { method: 'POST', path: '/passes', body: change.form }
    case 'editPass':
      return { method: 'PATCH', path: `/passes/${change.passId}`, body: change.form }
    case 'archivePass':
      return { method: 'POST', path: `/passes/${change.passId}/archive`, body: {} }
    case 'restorePass':
      return { method: 'POST', path: `/passes/${change.passId}/restore`, body: {} }
    case 'orderPasses':
      return { method: 'PUT', path: '/passes/order', body: { ids: change.ids } }
  }
}

/**
 * Every change the editor makes: the server answers with the venue as it now is, which replaces
 * the cached one; the history and the list are read again.
 */
export function useVenueChange(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: VenueChange) => {
      const { method, path, body } = request(change)
      return apiFetch<AdminVenueDetail>(`/api/admin/venues/${encodeURIComponent(id)}${path}`, {
        method,
        body: JSON.stringify(body),
        parse: adminVenueDetailSchema.parse,
      })
    },
    onSuccess: (detail) => {
      queryClient.setQueryData(venueKey(id), detail)
      void queryClient.invalidateQueries({ queryKey: historyKey(id) })
      void queryClient.invalidateQueries({ queryKey: adminVenuesKey })
    },
  })
}

/** Reads the venue again, after a 409 says it changed elsewhere. */
export function useReloadVenue(id: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: venueKey(id) })
}
