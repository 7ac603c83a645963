import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { waitlistEndpoints } from '../../../shared/endpoints/waitlist.ts'
import type { WaitlistJoinRequest } from '../../../shared/waitlist.ts'
import { callApi } from '../../lib/call-api.ts'

const entryKey = (token: string) => ['waitlist', token] as const

/** Asks to be told when places free up at a full slot; the answer is the request, with its link's token. */
export function useJoinWaitlist() {
  return useMutation({
    mutationFn: (request: WaitlistJoinRequest) => callApi(waitlistEndpoints.join, { body: request }),
  })
}

/**
 * One request, through its signed link. While it waits or holds places it is read again every
 * minute, as an offer can come or run out; a request that is over, or a link that is not valid, is not.
 */
export function useWaitlistEntry(token: string) {
  return useQuery({
    queryKey: entryKey(token),
    queryFn: () => callApi(waitlistEndpoints.entry, { params: { token } }),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === 'waiting' || status === 'offered' ? 60_000 : false
    },
    retry: false,
  })
}

/** Reads the request again at once: when its hold runs out on this device's clock. */
export function useRefreshWaitlistEntry(token: string) {
  const queryClient = useQueryClient()
  return useCallback(() => queryClient.invalidateQueries({ queryKey: entryKey(token) }), [queryClient, token])
}

/** Leaves the list; the answer (the request, now left) replaces the one on screen. */
export function useLeaveWaitlist(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(waitlistEndpoints.leave, { params: { token } }),
    onSuccess: (entry) => queryClient.setQueryData(entryKey(token), entry),
  })
}
