import { useQuery } from '@tanstack/react-query'
import { type MyBookings, myBookingsSchema } from '../../../shared/bookings.ts'
import { apiFetch } from '../../lib/api-client.ts'
import { useSession } from '../accounts/api.ts'

/** Every cached bookings list starts with this; checkout can invalidate it after booking. */
export const myBookingsQueryKey = ['my-bookings'] as const

/** The signed-in account's bookings, keyed by account so one visitor never sees another's list. */
export function useMyBookings() {
  const { user } = useSession()
  return useQuery({
    queryKey: [...myBookingsQueryKey, user?.id ?? null],
    queryFn: () => apiFetch<MyBookings>('/api/bookings', { parse: myBookingsSchema.parse }),
    enabled: Boolean(user && !user.isGuest),
  })
}
