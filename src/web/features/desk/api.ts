import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  type CancelResult,
  cancelResultSchema,
  type TeamCancelRequest,
} from '../../../shared/cancellations.ts'
import {
  type DeskBooking,
  type DeskDay,
  type DeskPaymentMethod,
  type DeskVenue,
  deskBookingAnswerSchema,
  deskDaySchema,
  deskVenuesSchema,
  type RedeemAnswer,
  type RedeemRequest,
  redeemAnswerSchema,
  type StaffList,
  type StaffVenues,
  staffListSchema,
  staffVenuesSchema,
} from '../../../shared/desk.ts'
import { apiFetch } from '../../lib/api-client.ts'

const deskKey = ['desk'] as const

/** The venues the signed-in member of the team may act for at the desk. */
export function useDeskVenues() {
  return useQuery({
    queryKey: [...deskKey, 'venues'],
    queryFn: () => apiFetch<{ venues: DeskVenue[] }>('/api/desk/venues', { parse: deskVenuesSchema.parse }),
  })
}

/** A venue's day by slot; refreshed every 30 s so two desks see each other's check-ins. */
export function useDeskDay(venue: string | undefined, date: string, search: string) {
  const query = new URLSearchParams({ venue: venue ?? '', date, ...(search ? { search } : {}) })
  return useQuery({
    queryKey: [...deskKey, 'day', venue, date, search],
    queryFn: () => apiFetch<DeskDay>(`/api/desk/bookings?${query}`, { parse: deskDaySchema.parse }),
    enabled: Boolean(venue),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  })
}

/** After any change at the desk, the day on screen is read again. */
function useRefreshDay() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: [...deskKey, 'day'] })
}

/** One scan. The caller keeps the nonce for a retry of the same scan, which gets the same answer. */
export function useRedeem() {
  const refresh = useRefreshDay()
  return useMutation({
    mutationFn: (request: RedeemRequest) =>
      apiFetch<RedeemAnswer>('/api/desk/redeem', {
        method: 'POST',
        body: JSON.stringify(request),
        parse: redeemAnswerSchema.parse,
      }),
    onSettled: () => void refresh(),
  })
}

export function useDeskPayment() {
  const refresh = useRefreshDay()
  return useMutation({
    mutationFn: ({ id, method }: { id: number; method: DeskPaymentMethod }) =>
      apiFetch<{ booking: DeskBooking }>(`/api/desk/bookings/${id}/payment`, {
        method: 'POST',
        body: JSON.stringify({ method }),
        parse: deskBookingAnswerSchema.parse,
      }),
    onSettled: () => void refresh(),
  })
}

/** Marks a no-show (`marked: true`) or takes the mark back. */
export function useNoShow() {
  const refresh = useRefreshDay()
  return useMutation({
    mutationFn: ({ id, marked }: { id: number; marked: boolean }) =>
      apiFetch<{ booking: DeskBooking }>(`/api/desk/bookings/${id}/no-show`, {
        method: marked ? 'POST' : 'DELETE',
        ...(marked ? { body: '{}' } : {}),
        parse: deskBookingAnswerSchema.parse,
      }),
    onSettled: () => void refresh(),
  })
}

/**
 * The team cancels one visit, with the reason the visitor will read (POST /api/team/bookings/:id/cancel);
 * a manager overriding the desk adds the override's reason and, for a visit paid online, the refund.
 */
export function useTeamCancel() {
  const refresh = useRefreshDay()
  return useMutation({
    mutationFn: ({ id, ...request }: Omit<TeamCancelRequest, 'scope'> & { id: number }) =>
      apiFetch<CancelResult>(`/api/team/bookings/${id}/cancel`, {
        method: 'POST',
        body: JSON.stringify({ ...request, scope: 'visit' }),
        parse: cancelResultSchema.parse,
      }),
    onSettled: () => void refresh(),
  })
}

/** A manager records that a cancelled visit's desk payment was given back at the desk. */
export function useDeskRefund() {
  const refresh = useRefreshDay()
  return useMutation({
    mutationFn: ({ id, method }: { id: number; method: DeskPaymentMethod }) =>
      apiFetch<{ booking: DeskBooking }>(`/api/desk/bookings/${id}/refund`, {
        method: 'POST',
        body: JSON.stringify({ method }),
        parse: deskBookingAnswerSchema.parse,
      }),
    onSettled: () => void refresh(),
  })
}

const staffKey = ['admin-staff'] as const

export function useStaffList() {
  return useQuery({
    queryKey: staffKey,
    queryFn: () => apiFetch<StaffList>('/api/admin/staff', { parse: staffListSchema.parse }),
  })
}

export function useSetStaffVenues() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ userId, venueIds }: { userId: string; venueIds: string[] }) =>
      apiFetch<StaffVenues>(`/api/admin/staff/${encodeURIComponent(userId)}/venues`, {
        method: 'PUT',
        body: JSON.stringify({ venueIds }),
        parse: staffVenuesSchema.parse,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: staffKey }),
  })
}
