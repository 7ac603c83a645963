import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Availability, VenueDetail, VenueList } from '../../../shared/catalog-api.ts'
import type { VenueFilters } from '../../../shared/catalog-filters.ts'
import { venueAvailabilityRoute } from '../../../shared/endpoints/catalog-routes.ts'
import { venueListRequest, venueRequest } from '../../../shared/route-manifest.ts'
import { ApiError, apiFetch } from '../../lib/api-client.ts'
import { callApi } from '../../lib/call-api.ts'

/**
 * One page of the venue list for the filters, by the key and URL the route manifest names, so the
 * server fetches the same answer when it renders the page. Filters the API refuses (an unknown
 * area) show the unfiltered list, as the server's first screen does; its `query` then tells.
 */
export function venuesQuery(filters: VenueFilters) {
  const { queryKey, path, fallback } = venueListRequest(filters)
  return {
    queryKey,
    queryFn: () =>
      apiFetch<VenueList>(path).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 400 && fallback)
          return apiFetch<VenueList>(fallback)
        throw error
      }),
  }
}

export function venueQuery(id: string) {
  const { queryKey, path } = venueRequest(id)
  return { queryKey, queryFn: () => apiFetch<VenueDetail>(path) }
}

export function useVenues(filters: VenueFilters) {
  const { queryKey, queryFn } = venuesQuery(filters)
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
