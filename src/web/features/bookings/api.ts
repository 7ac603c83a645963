import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { orderEndpoints } from '../../../shared/endpoints/orders.ts'
import { bookingEndpoints } from '../../../shared/endpoints/visits.ts'
import { ApiError } from '../../lib/api-client.ts'
import { callApi } from '../../lib/call-api.ts'
import { useSession } from '../accounts/api.ts'

/** Every cached bookings list starts with this; checkout can invalidate it after booking. */
export const myBookingsQueryKey = ['my-bookings'] as const

/** The signed-in account's bookings, keyed by account so one visitor never sees another's list. */
export function useMyBookings() {
  const { user } = useSession()
  return useQuery({
    queryKey: [...myBookingsQueryKey, user?.id ?? null],
    queryFn: () => callApi(bookingEndpoints.list),
    enabled: Boolean(user && !user.isGuest),
  })
}

/** Cancels a visit (or its whole order) of the signed-in account; the list then shows its refund. */
export function useCancelBooking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ bookingId, scope }: { bookingId: number; scope: 'visit' | 'order' }) =>
      callApi(bookingEndpoints.cancel, { params: { id: bookingId }, body: { scope } }),
    // The slot's places changed too: availability is read again when the dialog opens next.
    onSettled: () => queryClient.invalidateQueries(),
  })
}

/** One order of the signed-in account, its confirmation's page; another account's is a 404. */
export function useMyOrder(orderId: string) {
  const { user } = useSession()
  return useQuery({
    queryKey: ['my-order', orderId, user?.id ?? null],
    queryFn: () => callApi(orderEndpoints.mine, { params: { id: orderId } }),
    enabled: Boolean(user && !user.isGuest),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })
}
