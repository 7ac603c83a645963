import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invitationEndpoints } from '../../../shared/endpoints/invitations.ts'
import type { AcceptInvitationInput } from '../../../shared/invitations.ts'
import { callApi } from '../../lib/call-api.ts'
import { sessionQueryKey } from './api.ts'

/** What an invitation link offers; a used, withdrawn, expired or forged one is a 404, not retried. */
export function useOpenInvitation(token: string) {
  return useQuery({
    queryKey: ['invitation', token],
    queryFn: () => callApi(invitationEndpoints.open, { params: { token } }),
    retry: false,
  })
}

/** Accepts with the invitee's name and password; the answer's session is then the app's. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (form: AcceptInvitationInput) =>
      callApi(invitationEndpoints.accept, { params: { token }, body: form }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  })
}

/** The signed-in owner of the invited address agrees; their session then acts for the venue. */
export function useAgreeToInvitation(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callApi(invitationEndpoints.agree, { params: { token }, body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  })
}
