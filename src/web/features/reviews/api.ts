import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { reviewEndpoints } from '../../../shared/endpoints/reviews.ts'
import type { ReviewSubmission } from '../../../shared/reviews.ts'
import { callApi } from '../../lib/call-api.ts'

const inviteKey = (token: string) => ['review', token] as const
const teamKey = (onlyHidden: boolean) => ['team-reviews', onlyHidden] as const

/** The visit a review link names, and its review once written. */
export function useReviewInvite(token: string) {
  return useQuery({
    queryKey: inviteKey(token),
    queryFn: () => callApi(reviewEndpoints.invite, { params: { token } }),
    retry: false,
  })
}

/** Sends the review; the answer (the visit with its review) replaces the form. */
export function useSubmitReview(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (review: ReviewSubmission) =>
      callApi(reviewEndpoints.submit, { params: { token }, body: review }),
    onSuccess: (invite) => {
      queryClient.setQueryData(inviteKey(token), invite)
      // The venue's page and cards show it from now on.
      void queryClient.invalidateQueries({ queryKey: ['gym-reviews'] })
      void queryClient.invalidateQueries({ queryKey: ['gyms'] })
    },
  })
}

export function useTeamReviews(onlyHidden: boolean) {
  return useQuery({
    queryKey: teamKey(onlyHidden),
    queryFn: () => callApi(reviewEndpoints.team, { query: onlyHidden ? { hidden: '1' } : {} }),
  })
}

export function useHideReview() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      callApi(reviewEndpoints.hide, { params: { id }, body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team-reviews'] }),
  })
}
