import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { invitationEndpoints } from '../../../shared/endpoints/invitations.ts'
import type { InviteRequest } from '../../../shared/invitations.ts'
import { callApi } from '../../lib/call-api.ts'

const invitationsKey = ['team', 'invitations'] as const

/** The invitations the signed-in admin or manager may see, and the venues they may invite to. */
export function useInvitations() {
  return useQuery({ queryKey: invitationsKey, queryFn: () => callApi(invitationEndpoints.list) })
}

function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: invitationsKey })
}

export function useInvite() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (request: InviteRequest) => callApi(invitationEndpoints.invite, { body: request }),
    onSuccess: () => void refresh(),
  })
}

export function useWithdrawInvitation() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: number) => callApi(invitationEndpoints.withdraw, { params: { id } }),
    onSettled: () => void refresh(),
  })
}

export function useResendInvitation() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (id: number) => callApi(invitationEndpoints.resend, { params: { id }, body: {} }),
    onSettled: () => void refresh(),
  })
}
