import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Availability, GymDetail, GymList } from '../../../shared/catalog-api.ts'
import { apiFetch } from '../../lib/api-client.ts'

export function useGyms(search: string) {
  return useQuery({
    queryKey: ['gyms', search],
    queryFn: () => apiFetch<GymList>(`/api/gyms${search ? `?search=${encodeURIComponent(search)}` : ''}`),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })
}

export function useGym(id: string) {
  return useQuery({
    queryKey: ['gym', id],
    queryFn: () => apiFetch<GymDetail>(`/api/gyms/${encodeURIComponent(id)}`),
    staleTime: 30_000,
  })
}

export function availabilityQuery(gymId: string, date: string) {
  return {
    queryKey: ['availability', gymId, date],
    queryFn: () =>
      apiFetch<Availability>(
        `/api/gyms/${encodeURIComponent(gymId)}/availability?date=${encodeURIComponent(date)}`,
      ),
    staleTime: 15_000,
  }
}

/** Places and prices for one venue on one date; idle until a date is chosen. */
export function useAvailability(gymId: string, date: string | undefined) {
  return useQuery({ ...availabilityQuery(gymId, date ?? ''), enabled: Boolean(date) })
}
