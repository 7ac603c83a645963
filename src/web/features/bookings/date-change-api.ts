import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DateChangeRequest } from '../../../shared/date-changes.ts'
import { dateChangeEndpoints } from '../../../shared/endpoints/date-changes.ts'
import { callApi } from '../../lib/call-api.ts'

/** Moves a visit (or its party) of the signed-in account; the list and the slots' places are read again. */
export function useChangeBookingDate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ bookingId, request }: { bookingId: number; request: DateChangeRequest }) =>
      callApi(dateChangeEndpoints.mine, { params: { id: bookingId }, body: request }),
    onSettled: () => queryClient.invalidateQueries(),
  })
}

/** Moves a guest's visit (or its party) through the manage link in their mail, which stays valid. */
export function changeManagedBookingDate(token: string, request: DateChangeRequest) {
  return callApi(dateChangeEndpoints.guest, { params: { token }, body: request })
}
