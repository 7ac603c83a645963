import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { venueAdminEndpoints as endpoints } from '../../../shared/endpoints/venue-admin.ts'
import type { VenueVat } from '../../../shared/vat.ts'
import type { AdminVenueDetail, PassForm, VenueDetails, VenueStatus } from '../../../shared/venue-admin.ts'
import type { VenueNotices } from '../../../shared/venue-notices.ts'
import { callApi } from '../../lib/call-api.ts'

export const adminVenuesKey = ['admin-venues'] as const
/** The venue's editor data; its history's key starts with it, so invalidating it refreshes both. */
export const venueKey = (id: string) => ['admin-venue', id] as const
const historyKey = (id: string) => ['admin-venue', id, 'history'] as const

/** Every venue, whatever its status; `search` filters by name (either language) and area. */
export function useAdminVenues(search: string) {
  return useQuery({
    queryKey: [...adminVenuesKey, search],
    queryFn: () => callApi(endpoints.list, { query: { search } }),
    // The last answer stays on screen while the next search loads, rather than a skeleton per keystroke.
    placeholderData: keepPreviousData,
  })
}

export function useAdminVenue(id: string) {
  return useQuery({
    queryKey: venueKey(id),
    queryFn: () => callApi(endpoints.detail, { params: { id } }),
  })
}

export function useVenueHistory(id: string) {
  return useQuery({
    queryKey: historyKey(id),
    queryFn: () => callApi(endpoints.history, { params: { id } }),
  })
}

export type VenueChange =
  | { kind: 'details'; form: VenueDetails; updatedAt: string }
  | { kind: 'status'; status: VenueStatus }
  | { kind: 'notices'; form: VenueNotices }
  | { kind: 'vat'; form: VenueVat }
  | { kind: 'createPass'; form: PassForm }
  | { kind: 'editPass'; passId: string; form: PassForm }
  | { kind: 'archivePass' | 'restorePass'; passId: string }
  | { kind: 'orderPasses'; ids: string[] }

/** The venue `id`'s endpoint a change goes to, and what it sends. */
function send(id: string, change: VenueChange): Promise<AdminVenueDetail> {
  switch (change.kind) {
    case 'details':
      return callApi(endpoints.updateDetails, {
        params: { id },
        body: { ...change.form, updatedAt: change.updatedAt },
      })
    case 'status':
      return callApi(endpoints.changeStatus, { params: { id }, body: { status: change.status } })
    case 'notices':
      return callApi(endpoints.updateNotices, { params: { id }, body: change.form })
    case 'vat':
      return callApi(endpoints.updateVat, { params: { id }, body: change.form })
    case 'createPass':
      return callApi(endpoints.createPass, { params: { id }, body: change.form })
    case 'editPass':
      return callApi(endpoints.editPass, { params: { id, passId: change.passId }, body: change.form })
    case 'archivePass':
    case 'restorePass':
      return callApi(endpoints[change.kind], { params: { id, passId: change.passId }, body: {} })
    case 'orderPasses':
      return callApi(endpoints.reorderPasses, { params: { id }, body: { ids: change.ids } })
  }
}

/**
 * Every change the editor makes: the server answers with the venue as it now is, which replaces
 * the cached one; the history and the list are read again.
 */
export function useVenueChange(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: VenueChange) => send(id, change),
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
