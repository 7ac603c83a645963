import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Availability, VenueDetail, VenueList } from '../../../shared/catalog-api.ts'
import { venueAvailabilityRoute } from '../../../shared/endpoints/catalog-routes.ts'
import { venueListRequest, venueRequest } from '../../../shared/route-manifest.ts'
import { apiFetch } from '../../lib/api-client.ts'
import { callApi } from '../../lib/call-api.ts'

/**
 * The venue list for a search, by the key and URL the route manifest names, so the server fetches
 * the same answer when it renders the page.
 */
export function venuesQuery(search: string) {
  const { queryKey, path } = venueListRequest(search)
  return { queryKey, queryFn: () => apiFetch<VenueList>(path) }
}

export function venueQuery(id: string) {
  const { queryKey, path } = venueRequest(id)
  return { queryKey, queryFn: () => apiFetch<VenueDetail>(path) }
}

export function useVenues(search: string) {
  const { queryKey, queryFn } = venuesQuery(search)
  return useQuery({ queryKey, queryFn, placeholderData: keepPreviousData, staleTime: 30_000 })
}

export function useVenue(id: string) {
  const { queryKey, queryFn } = venueQuery(id)
  return useQuery({ queryKey, queryFn, staleTime: 30_000 })
}

export function availabilityQuery(venueId: string, date: string) {
  return {
    queryKey: ['availability', venueId, date],
    // Unparsed, as the venue list and page are: the public pages keep zod out of their download.
    queryFn: () =>
      callApi<typeof venueAvailabilityRoute, Availability>(venueAvailabilityRoute, {
        params: { id: venueId },
        query: { date },
      }),
    staleTime: 15_000,
  }
}

/** Places and prices for one venue on one date; idle until a date is chosen. */
export function useAvailability(venueId: string, date: string | undefined) {
  return useQuery({ ...availabilityQuery(venueId, date ?? ''), enabled: Boolean(date) })
}
