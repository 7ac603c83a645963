import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
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

/** One request, through its signed link; read again every minute, as an offer can come or run out. */
export function useWaitlistEntry(token: string) {
  return useQuery({
    queryKey: entryKey(token),
    queryFn: () => callApi(waitlistEndpoints.entry, { params: { token } }),
    refetchInterval: 60_000,
    retry: false,
  })
}

/** Leaves the list; the answer (the request, now left) replaces the one on screen. */
export function useLeaveWaitlist(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(waitlistEndpoints.leave, { params: { token } }),
    onSuccess: (entry) => queryClient.setQueryData(entryKey(token), entry),
  })
}
