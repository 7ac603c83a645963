import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Availability, GymDetail, GymList } from '../../../shared/catalog-api.ts'
import { gymAvailabilityRoute } from '../../../shared/endpoints/catalog-routes.ts'
import { gymListRequest, gymRequest } from '../../../shared/route-manifest.ts'
import { apiFetch } from '../../lib/api-client.ts'
import { callApi } from '../../lib/call-api.ts'

/**
 * The venue list for a search, by the key and URL the route manifest names, so the server fetches
 * the same answer when it renders the page.
 */
export function gymsQuery(search: string) {
  const { queryKey, path } = gymListRequest(search)
  return { queryKey, queryFn: () => apiFetch<GymList>(path) }
}

export function gymQuery(id: string) {
  const { queryKey, path } = gymRequest(id)
  return { queryKey, queryFn: () => apiFetch<GymDetail>(path) }
}

export function useGyms(search: string) {
  const { queryKey, queryFn } = gymsQuery(search)
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, staleTime: 30_000 })
}

export function useGym(id: string) {
  const { queryKey, queryFn } = gymQuery(id)
  return useQuery({ queryKey, queryFn, staleTime: 30_000 })
}

export function availabilityQuery(gymId: string, date: string) {
  return {
    queryKey: ['availability', gymId, date],
    // Unparsed, as the venue list and page are: the public pages keep zod out of their download.
    queryFn: () =>
      callApi<typeof gymAvailabilityRoute, Availability>(gymAvailabilityRoute, {
        params: { id: gymId },
        query: { date },
      }),
    staleTime: 15_000,
  }
}

/** Places and prices for one venue on one date; idle until a date is chosen. */
export function useAvailability(gymId: string, date: string | undefined) {
  return useQuery({ ...availabilityQuery(gymId, date ?? ''), enabled: Boolean(date) })
}
